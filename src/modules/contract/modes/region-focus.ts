/**
 * region_focus (contract §13): the camera flies in to a country or a box and holds; the region is
 * filled and outlined, the rest of the world dimmed. Drawn by `remotion/modes/region-focus/`.
 */
import { type CompositionPoint, type CompositionRegion, cleanLabel, pointProps, regionProps } from '../composition-parts';
import type { PointInput } from '../inputs';
import type { NormalizedPoint, NormalizedRegion } from '../render-request';
import { defineMode, type ModeParseInput } from './mode-definition';
import { isWorld, parseRegion, REFUSED_REGION, type RegionInput } from './regions';

/** Where region_focus's camera starts before flying in. */
export const REGION_FOCUS_STARTS = ['world', 'continent'] as const;
export type RegionFocusStart = (typeof REGION_FOCUS_STARTS)[number];

export interface RegionFocusInput {
  region: RegionInput;
  label?: string;
  highlight_color?: string;
  from?: RegionFocusStart;
  markers?: PointInput[];
}

export interface NormalizedRegionFocus {
  region: NormalizedRegion;
  label?: string;
  highlight_color?: string;
  from: RegionFocusStart;
  markers: NormalizedPoint[];
}

export interface CompositionRegionFocus {
  region: CompositionRegion;
  label: string | null;
  highlight_color: string | null;
  from: RegionFocusStart;
  markers: CompositionPoint[];
}

function parseRegionFocus({ settings, ctx }: ModeParseInput<RegionFocusInput>): NormalizedRegionFocus {
  const field = 'region_focus';
  let region: NormalizedRegion;
  if (isWorld(settings.region)) {
    ctx.issue(
      `${field}.region`,
      'invalid_region',
      'region_focus.region must be a country or a bbox; "world" is only for country_data.region.',
    );
    region = REFUSED_REGION;
  } else {
    region = parseRegion(settings.region, ctx, `${field}.region`);
  }
  const markers = (settings.markers ?? []).map((marker, i) => ctx.point(marker, `${field}.markers[${i}].place`));
  // A country is labelled with its name unless the request says otherwise ("" for no label).
  const label = settings.label ?? (region.kind === 'country' ? region.name : undefined);
  return {
    region,
    ...(label !== undefined ? { label } : {}),
    ...(settings.highlight_color !== undefined ? { highlight_color: settings.highlight_color } : {}),
    from: settings.from ?? 'world',
    markers,
  };
}

export const regionFocusMode = defineMode<'region_focus', RegionFocusInput, NormalizedRegionFocus, CompositionRegionFocus>({
  mode: 'region_focus',
  title: 'Fly in to a country or region',
  takes: { waypoints: false, transport: false, route: false, route_style: false, hud: false },
  defaultTilt: () => 0,
  rendersInPage: true,
  revealsLongRoutesOnGlobe: false,
  parseSettings: parseRegionFocus,
  settingsToProps: (settings) => ({
    region: regionProps(settings.region),
    label: cleanLabel(settings.label),
    highlight_color: settings.highlight_color ?? null,
    from: settings.from,
    markers: settings.markers.map((m) => pointProps(m)),
  }),
  examples: {
    region_focus: {
      summary: 'region_focus: fly in to Portugal and mark four cities',
      value: {
        mode: 'region_focus',
        duration: 8,
        style: 'standard',
        region_focus: {
          region: 'Portugal',
          highlight_color: '#2e8b57',
          from: 'world',
          markers: [{ place: 'Lisbon' }, { place: 'Porto' }, { place: 'Coimbra' }, { place: 'Faro' }],
        },
        text_overlays: [{ text: 'Four cities, one coastline', start: 4, end: 7.5, position: 'bottom', style: 'caption' }],
      },
    },
  },
});
