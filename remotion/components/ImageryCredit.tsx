import React from 'react';
import { cameraAt } from '../lib/scene/frame-drawing';
import { globeWeight } from '../lib/globe/globe';
import { rasterShowsTiles, type SceneTiles } from '../lib/map/imagery-tiles';
import { FONT_FAMILY } from '../lib/layout/measure-text';
import { safeInsets, sizeUnit } from '../lib/layout/safe-area';
import type { Scene } from '../lib/scene/scene';

/**
 * The imagery provider's credit (contract §21: IMAGERY_ATTRIBUTION), small in the bottom-right corner of the safe
 * area, on every frame whose map shows the provider's tiles.
 */
export const ImageryCredit: React.FC<{ scene: Scene; frame: number; tiles: SceneTiles }> = ({ scene, frame, tiles }) => {
  const { props } = scene;
  if (!tiles.source.attribution) return null;
  if (globeWeight(cameraAt(scene, frame)) > 0) return null;
  const f = Math.max(0, Math.min(scene.track.length - 1, Math.round(frame)));
  const spec = scene.rasters.rasters[scene.rasters.rasterOfFrame[f]];
  if (!spec || !rasterShowsTiles(tiles.source, tiles.plan, spec, scene.geometry.centerLng)) return null;
  const unit = sizeUnit(props.width, props.height);
  const insets = safeInsets(props.width, props.height);
  return (
    <div
      style={{
        position: 'absolute',
        right: insets.right,
        bottom: Math.max(unit, insets.bottom - unit * 3.2),
        padding: `${unit * 0.3}px ${unit * 0.8}px`,
        borderRadius: unit * 0.5,
        background: 'rgba(0,0,0,0.55)',
        color: '#ffffff',
        fontFamily: FONT_FAMILY,
        fontSize: unit * 1.5,
        lineHeight: 1.3,
        whiteSpace: 'nowrap',
      }}
    >
      {tiles.source.attribution}
    </div>
  );
};
