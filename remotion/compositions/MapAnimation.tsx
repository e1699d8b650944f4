import React, { useEffect, useMemo, useState } from 'react';
import { AbsoluteFill, useCurrentFrame, useDelayRender } from 'remotion';
import { type MapAnimationProps, neverTilts } from '../../src/modules/contract';
import { Haze, Sky } from '../components/Horizon';
import { Hud } from '../components/Hud';
import { MapPlane } from '../components/MapPlane';
import { Overlay } from '../components/Overlay';
import { TextOverlays } from '../components/TextOverlays';
import { TitleCard } from '../components/TitleCard';
import { Watermark } from '../components/Watermark';
import { labelObstacles, textOverlayLayout } from '../lib/scene/covers';
import type { Detail } from '../lib/map/raster-plan';
import { sceneFor } from '../modes';
import { hasDetails, loadDetails } from '../lib/map/world-map';
import { hasSurface, loadSurface, surfaceSpecOfScene } from '../lib/map/imagery';
import { hasTiles, loadTiles, sceneTiles } from '../lib/map/imagery-tiles';
import { ImageryCredit } from '../components/ImageryCredit';
import { globeWeight } from '../lib/globe/globe';
import { GLOBE_DETAILS } from '../lib/globe/globe-drawing';

/**
 * The route drawing itself across the map. A deterministic function of (props, frame): all
 * planning happens once per props (sceneFor), each frame only draws.
 */
export const MapAnimation: React.FC<MapAnimationProps> = (props) => {
  const frame = useCurrentFrame();
  const scene = sceneFor(props);
  // The rasters' details, and the globe's when some frame shows it.
  const details = useMemo(() => {
    const globe = scene.track.some((camera) => globeWeight(camera) > 0) ? GLOBE_DETAILS : [];
    return [...new Set([...scene.rasters.rasters.map((r) => r.detail), ...globe])] as Detail[];
  }, [scene]);
  const assets = scene.layer.assets ?? null;
  const surface = surfaceSpecOfScene(scene);
  const tiles = sceneTiles(scene);
  const loaded = () =>
    hasDetails(details) && hasSurface(surface) && hasTiles(tiles?.source, tiles?.plan.tiles ?? []) && (assets?.ready() ?? true);
  const [ready, setReady] = useState(loaded);
  // The hook, not the global delayRender: rendering inside the page (remotion/in-page) waits on its own scope.
  const { delayRender, continueRender, cancelRender } = useDelayRender();
  const [handle] = useState(() => (loaded() ? null : delayRender('Loading map geometry')));

  useEffect(() => {
    if (ready) return;
    Promise.all([loadDetails(details), loadSurface(surface), loadTiles(tiles?.source, tiles?.plan.tiles ?? []), assets?.load()])
      .then(() => setReady(true))
      .catch((error) => cancelRender(error));
  }, [ready, details, surface, tiles, assets, cancelRender]);
  // Release the frame only after the map has been committed and drawn.
  useEffect(() => {
    if (ready && handle !== null) continueRender(handle);
  }, [ready, handle, continueRender]);

  const overlays = useMemo(() => textOverlayLayout(scene), [scene]);
  // Map labels keep clear of the HUD, the mode's own obstacles and the text overlays showing now.
  const avoid = labelObstacles(scene, frame);
  const { palette } = scene;
  // Without any tilt, markers and labels are drawn on the map canvas itself: one full-frame
  // layer less for the browser to composite on every frame (measurably faster).
  const flat = neverTilts(props);

  return (
    <AbsoluteFill style={{ backgroundColor: palette.waterBottom, overflow: 'hidden' }}>
      {ready && !flat ? <Sky scene={scene} frame={frame} /> : null}
      {ready ? <MapPlane scene={scene} frame={frame} overlay={flat ? avoid : null} /> : null}
      {ready && !flat ? <Haze scene={scene} frame={frame} /> : null}
      {ready && !flat ? <Overlay scene={scene} frame={frame} avoid={avoid} /> : null}
      <Hud scene={scene} frame={frame} />
      <TitleCard scene={scene} frame={frame} />
      <TextOverlays scene={scene} frame={frame} layout={overlays} />
      {ready && tiles ? <ImageryCredit scene={scene} frame={frame} tiles={tiles} /> : null}
      {props.sandbox ? <Watermark width={props.width} height={props.height} /> : null}
    </AbsoluteFill>
  );
};
