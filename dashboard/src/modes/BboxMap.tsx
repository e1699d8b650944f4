import { useQuery } from '@tanstack/react-query';
import { geoEquirectangular, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection } from 'geojson';
import { type PointerEvent, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { type Bbox, bboxBetween, boxRectangles } from './bbox-drawing';

/** The map's own units: a plate carrée, two per degree. */
const WIDTH = 720;
const HEIGHT = 360;

async function loadLand(): Promise<Feature | FeatureCollection> {
  // Loaded on demand, once, under the key the job page's route map uses too.
  const topology = (await import('world-atlas/land-110m.json')).default as unknown as Topology<{ land: GeometryCollection }>;
  return feature(topology, topology.objects.land);
}

const landPath = geoPath(
  geoEquirectangular()
    .scale(WIDTH / (2 * Math.PI))
    .translate([WIDTH / 2, HEIGHT / 2]),
);

/**
 * A small world map to draw a box on by dragging: the box's four fields beside it stay the exact (and the
 * keyboard's) way to set it, and show what the drag drew.
 */
export function BboxMap({ bbox, onDraw }: { bbox: readonly string[]; onDraw(bbox: Bbox): void }) {
  const land = useQuery({ queryKey: ['world-atlas', 'land-110m'], queryFn: loadLand, staleTime: Infinity, gcTime: Infinity });
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ from: [number, number]; to: [number, number] } | null>(null);

  const at = (event: PointerEvent): [number, number] => {
    const rect = svg.current!.getBoundingClientRect();
    return [((event.clientX - rect.left) / rect.width) * WIDTH, ((event.clientY - rect.top) / rect.height) * HEIGHT];
  };
  const shown = drag ? (bboxBetween(drag.from, drag.to, WIDTH, HEIGHT)?.map(String) ?? []) : bbox;

  return (
    <figure className="bbox-map">
      <svg
        ref={svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label="World map: drag to draw the box"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          const point = at(event);
          setDrag({ from: point, to: point });
        }}
        onPointerMove={(event) => drag && setDrag({ ...drag, to: at(event) })}
        onPointerUp={(event) => {
          if (!drag) return;
          const box = bboxBetween(drag.from, at(event), WIDTH, HEIGHT);
          setDrag(null);
          if (box) onDraw(box);
        }}
        onPointerCancel={() => setDrag(null)}
      >
        <rect width={WIDTH} height={HEIGHT} className="route-sea" />
        {land.data ? <path d={landPath(land.data) ?? ''} className="route-land" /> : null}
        {boxRectangles(shown, WIDTH, HEIGHT).map((rect, i) => (
          <rect key={i} {...rect} className="bbox-map-box" />
        ))}
      </svg>
      <figcaption className="hint">Drag on the map to draw the box, or type its edges.</figcaption>
    </figure>
  );
}
