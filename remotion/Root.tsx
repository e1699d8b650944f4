import React from 'react';
import { type CalculateMetadataFunction, Composition } from 'remotion';
import { MAP_ANIMATION_COMPOSITION_ID, type MapAnimationProps } from '../src/modules/contract';
import { MapAnimation } from './compositions/MapAnimation';
import { atlanticProps } from './fixtures/sample-routes';

/** Size, frame rate and length come from the props of each job. */
export const fromProps: CalculateMetadataFunction<MapAnimationProps> = ({ props }) => ({
  width: props.width,
  height: props.height,
  fps: props.fps,
  durationInFrames: props.durationInFrames,
});

const preview = atlanticProps({ title: { text: 'Lisbon to Copenhagen', subtitle: 'By air, sea, rail and road' } });

/** The production compositions (the bench's bundle adds its own, bench/remotion/). */
export const Root: React.FC = () => (
  <Composition
    id={MAP_ANIMATION_COMPOSITION_ID}
    component={MapAnimation}
    defaultProps={preview}
    calculateMetadata={fromProps}
    width={preview.width}
    height={preview.height}
    fps={preview.fps}
    durationInFrames={preview.durationInFrames}
  />
);
