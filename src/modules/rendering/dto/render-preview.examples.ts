import { CommonErrors } from '../../../common/errors';
import type { ErrorExample } from '../../../common/openapi/error-examples';
import type { MapAnimationProps } from '../../contract';
import type { RenderPreviewDto } from './render-preview.dto';

/**
 * Answers of POST /v1/render/preview in the OpenAPI document (contract §15), typed with the response DTO: one the
 * caller's plan renders, one it previews but would refuse to render.
 */
const route = (seconds: number) =>
  ({
    composition: { id: 'MapAnimation', width: 1280, height: 720, fps: 30, duration_in_frames: seconds * 30 },
    // The props are long (every routed point); the document shows their first fields.
    props: {
      mode: 'route_animation',
      width: 1280,
      height: 720,
      fps: 30,
      durationInFrames: seconds * 30,
      style: 'standard',
    } as unknown as MapAnimationProps,
    route: {
      type: 'FeatureCollection',
      distance_km: 5420.6,
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [-9.14, 38.72],
              [-74.01, 40.71],
            ],
          },
          properties: { leg: 0, from: 'Lisbon', to: 'New York', transport: 'plane', mode: 'great-circle', distance_km: 5420.6 },
        },
      ],
    },
  }) satisfies Partial<RenderPreviewDto>;

export const PREVIEW_EXAMPLES = {
  allowed: {
    summary: 'A body the plan renders: render_allowed',
    value: {
      ...route(10),
      render_allowed: true,
      render_refusals: [],
      // The body named its first waypoint by `place`: which place that became.
      resolved_places: [
        {
          field: 'waypoints[0].place',
          waypoint_index: 0,
          query: 'Lisbon',
          name: 'Lisbon',
          admin1: 'Lisbon',
          country: 'PT',
          country_name: 'Portugal',
          display_name: 'Lisbon, Portugal',
          lat: 38.71667,
          lng: -9.13333,
        },
      ],
    } satisfies RenderPreviewDto,
  },
  refused: {
    summary: '45 s at 4k on the Free plan: previewed, and what the render would refuse',
    value: {
      ...route(45),
      composition: { id: 'MapAnimation', width: 3840, height: 2160, fps: 30, duration_in_frames: 1350 },
      props: { ...route(45).props, width: 3840, height: 2160 },
      render_allowed: false,
      render_refusals: [
        {
          error_code: 'VALIDATION_ERROR',
          message: 'duration 45 s exceeds the free tier maximum of 10 s',
          field: 'duration',
          issue_code: 'DURATION_EXCEEDS_TIER_LIMIT',
          lifted_by: 'studio',
        },
        {
          error_code: 'FEATURE_NOT_AVAILABLE',
          message: '4k is not available on the free tier.',
          field: 'resolution',
          lifted_by: 'creator',
        },
      ],
      resolved_places: [],
    } satisfies RenderPreviewDto,
  },
};

/** A preview refuses only durations over the largest plan's. */
export const PREVIEW_DURATION_EXCEEDED: ErrorExample = {
  key: 'DURATION_EXCEEDS_TIER_LIMIT',
  summary: 'duration above the largest plan’s maximum',
  error: CommonErrors.validation(
    [{ field: 'duration', code: 'DURATION_EXCEEDS_TIER_LIMIT', message: 'duration 60 s exceeds the studio tier maximum of 45 s' }],
    { max_duration_seconds: 45, tier: 'studio' },
  ),
};
