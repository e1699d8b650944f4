/**
 * A job's routed legs (GET /v1/render/{id}/route) drawn on a small world map: Natural Earth land,
 * the legs, and a dot at each stop. The route exists once a worker has routed the job (409 before).
 */
import { useQuery } from '@tanstack/react-query';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { geoBounds, geoCircle, geoNaturalEarth1, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MaprError } from '@mapr/sdk';
import { read } from '../api/client';
import { queryKeys } from '../api/queries';
import type { RenderRoute, RenderStatus } from '../api/types';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Page';

/** Drawn at the size it shows (text and dots keep their size on a phone), at most this tall. */
const MAX_HEIGHT = 380;
const PADDING = 28;
/** Short routes are framed with at least this radius (degrees) around them, so the coast still reads. */
const MIN_RADIUS_DEGREES = 4;

const LEG_CLASSES: Record<string, string> = { sea: 'route-leg-sea', road: 'route-leg-road', 'great-circle': 'route-leg-air' };

async function loadLand(): Promise<Feature | FeatureCollection> {
  // Loaded on demand: the atlas stays out of the main bundle.
  const topology = (await import('world-atlas/land-110m.json')).default as unknown as Topology<{ land: GeometryCollection }>;
  return feature(topology, topology.objects.land);
}

function isRouteNotReady(error: unknown): boolean {
  return error instanceof MaprError && error.status === 409;
}

interface Stop {
  name: string;
  coordinates: [number, number];
}

/** A GeoJSON position ([lng, lat], maybe more): the document types it as a plain list of numbers. */
function lngLat(position: number[]): [number, number] {
  return [position[0] ?? 0, position[1] ?? 0];
}

/** One dot per place the legs start or end at, in order. */
function stopsOf(route: RenderRoute): Stop[] {
  const stops = new Map<string, Stop>();
  for (const leg of route.features) {
    const line = leg.geometry.coordinates;
    if (line.length === 0) continue;
    if (!stops.has(leg.properties.from)) stops.set(leg.properties.from, { name: leg.properties.from, coordinates: lngLat(line[0]!) });
    stops.set(leg.properties.to, { name: leg.properties.to, coordinates: lngLat(line[line.length - 1]!) });
  }
  return [...stops.values()];
}

function formatKm(km: number): string {
  return `${Math.round(km).toLocaleString()} km`;
}

export function RouteMap({ jobId, status, progress }: { jobId: string; status: RenderStatus; progress: number }) {
  // The job's state when the route was last asked for: a 409 is worth asking again only after it moved on.
  const askedAt = useRef('');
  // A queued job has no route yet; asking would only spend a request on a 409.
  const route = useQuery({
    queryKey: queryKeys.route(jobId),
    queryFn: ({ signal }) => {
      askedAt.current = `${status}:${progress}`;
      return read((api) => api.renders.route(jobId, { signal }), { signal, background: true });
    },
    enabled: status !== 'queued',
    staleTime: Infinity,
  });
  const land = useQuery({ queryKey: ['world-atlas', 'land-110m'], queryFn: loadLand, staleTime: Infinity, gcTime: Infinity });

  // While the job renders, ask again as it moves on: routing is its first step.
  const { refetch } = route;
  const notReady = isRouteNotReady(route.error);
  useEffect(() => {
    if (notReady && status !== 'queued' && askedAt.current !== `${status}:${progress}`) void refetch();
  }, [notReady, status, progress, refetch]);

  const [frame, setFrame] = useState<HTMLElement | null>(null);
  const width = useWidth(frame);
  // Taller on a phone, where the labels need room.
  const height = Math.min(MAX_HEIGHT, Math.round(width * (width < 500 ? 0.75 : 0.5625)));
  const drawing = useMemo(() => (route.data ? draw(route.data, width, height) : null), [route.data, width, height]);

  if (status === 'queued' || notReady) {
    const never = status === 'failed' || status === 'cancelled';
    return (
      <p className="route-map-placeholder">
        {never
          ? `The job ${status === 'failed' ? 'failed' : 'was cancelled'} before it was routed, so there is no route to show.`
          : 'The route appears once the job has been routed.'}
      </p>
    );
  }
  if (route.error) return <ErrorNotice error={route.error} title="The route could not be loaded" />;
  if (!route.data || !drawing) return <Loading what="Loading the route" />;

  const stops = stopsOf(route.data);
  const label = `Map of the route: ${stops.map((stop) => stop.name).join(' → ')}, ${formatKm(route.data.distance_km)}`;
  return (
    <figure className="route-map" ref={setFrame}>
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label}>
        <rect width={width} height={height} className="route-sea" />
        {land.data ? <path d={drawing.path(land.data) ?? ''} className="route-land" /> : null}
        {route.data.features.map((leg, index) => (
          <path key={index} d={drawing.path(leg) ?? ''} className={`route-leg ${LEG_CLASSES[leg.properties.mode] ?? ''}`} />
        ))}
        {stops.map((stop) => {
          const point = drawing.project(stop.coordinates);
          if (!point) return null;
          const [x, y] = point;
          const anchor = x > width - 120 ? 'end' : 'start';
          return (
            <g key={stop.name} className="route-stop">
              <circle cx={x} cy={y} r={5} />
              <text x={anchor === 'end' ? x - 9 : x + 9} y={y - 7} textAnchor={anchor}>
                {stop.name}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="route-legs">
          {route.data.features.map((leg, index) => (
            <li key={index}>
              <span>
                {leg.properties.from} → {leg.properties.to}
              </span>
              <span className="hint">
                {leg.properties.transport} · {leg.properties.mode} · {formatKm(leg.properties.distance_km)}
              </span>
            </li>
          ))}
        </ul>
        <p className="hint">Total {formatKm(route.data.distance_km)}</p>
      </figcaption>
    </figure>
  );
}

/** The element's width in pixels, followed as the window resizes. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(640);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.round(entry.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** A projection centred on the route and fitted to it (or to a small circle around a short one). */
function draw(route: RenderRoute, width: number, height: number) {
  const collection = route as unknown as FeatureCollection;
  const [[west, south], [east, north]] = geoBounds(collection);
  // geoBounds gives west > east for a route across the antimeridian.
  const span = east >= west ? east - west : east + 360 - west;
  const centerLng = west + span / 2;
  const centerLat = (south + north) / 2;
  const radius = Math.max(MIN_RADIUS_DEGREES, Math.min(span, north - south) / 2);
  const frame: Feature<Geometry>[] = [
    { type: 'Feature', properties: {}, geometry: geoCircle().center([centerLng, centerLat]).radius(radius)() },
    ...collection.features,
  ];
  const projection = geoNaturalEarth1()
    .rotate([-centerLng, 0])
    .fitExtent(
      [
        [PADDING, PADDING],
        [width - PADDING, height - PADDING],
      ],
      { type: 'FeatureCollection', features: frame },
    );
  const path = geoPath(projection);
  return {
    path: (object: unknown) => path(object as Feature),
    project: (coordinates: [number, number]) => projection(coordinates),
  };
}
