import React from 'react';
import { AbsoluteFill } from 'remotion';
import type { MapAnimationProps } from '../../src/modules/contract';

/** Draws nothing (`BLANK_COMPOSITION_ID`, ./ids.ts): the benchmark renders it to measure Remotion's own per-frame floor. */
export const Blank: React.FC<MapAnimationProps> = () => <AbsoluteFill style={{ backgroundColor: '#ffffff' }} />;
