import React from 'react';
import { Composition } from 'remotion';
import { fromProps, Root } from '../../remotion/Root';
import { atlanticProps } from '../../remotion/fixtures/sample-routes';
import { Blank } from './Blank';
import { BLANK_COMPOSITION_ID } from './ids';

const preview = atlanticProps();

/** The production compositions (remotion/Root.tsx), and the bench's Blank of the same size as each job. */
export const BenchRoot: React.FC = () => (
  <>
    <Root />
    <Composition
      id={BLANK_COMPOSITION_ID}
      component={Blank}
      defaultProps={preview}
      calculateMetadata={fromProps}
      width={preview.width}
      height={preview.height}
      fps={preview.fps}
      durationInFrames={preview.durationInFrames}
    />
  </>
);
