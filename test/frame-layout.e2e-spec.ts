/**
 * Frames that are full and legible (contract §22), checked on the layout of real frames: every mode in every aspect
 * ratio and style, over routes that test the framing (Sydney → Auckland → Honolulu by air with the distance HUD in
 * 9:16, a world-spanning multi_route from Los Angeles, routes across the antimeridian in the Pacific, whole-world
 * choropleths, flat as well as auto), at several frames of each video. The layout is read from the bundle's page
 * (FrameLayoutPage: the code that draws the frames places everything), the checks are remotion/lib/layout/layout-checks.ts:
 * nothing over the map covers a route, a marker or a label, the flat map leaves no empty band, labels are at least
 * 2.2 % of the short side tall and read at 4.5:1 against their halo or plate.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ASPECT_RATIOS, type AspectRatio, type MapAnimationProps, type RenderMode, STYLE_IDS, type StyleId } from '../src/modules/contract';
import { ensureRemotionBundle, FrameLayoutPage } from '../src/modules/rendering/renderer';
import { checkFrameLayout, type LayoutFinding } from '../remotion/lib/layout/layout-checks';
import {
  countryDataProps,
  JAPAN_FROM_CONTINENT,
  LIFE_EXPECTANCY_DATA,
  PORTUGAL,
  POPULATION_CHANGE_DATA,
  regionFocusProps,
} from '../remotion/fixtures/region-modes';
import { pacificProps, shanghaiPortsProps } from '../remotion/fixtures/sample-routes';
import { propsOfRenderBody } from './support/service-props';

const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A file to write every finding to (JSON lines: case, aspect ratio, style and the finding), for a person to read. */
const FINDINGS_FILE = process.env.FRAME_LAYOUT_FINDINGS;

/** What every case shares: a 10 s video at 1080p (24 px labels), 30 fps. */
const BASE = { duration: 10, resolution: '1080p', fps: 30 } as const;

interface MatrixCase {
  name: string;
  mode: RenderMode;
  props: (aspect_ratio: AspectRatio, style: StyleId) => Promise<MapAnimationProps>;
}

const overlays = [
  { text: 'Across the Pacific in two hops', start: 0.5, end: 9.5, position: 'top', style: 'headline' },
  { text: 'Overnight to Auckland, then on to Hawaii', start: 3, end: 8, position: 'bottom', style: 'caption' },
];

const CASES: MatrixCase[] = [
  {
    name: 'Sydney → Auckland → Honolulu by air, distance HUD',
    mode: 'route_animation',
    props: (aspect_ratio, style) =>
      propsOfRenderBody({
        ...BASE,
        aspect_ratio,
        style,
        waypoints: [{ place: 'Sydney' }, { place: 'Auckland' }, { place: 'Honolulu' }],
        transport: 'plane',
        hud: { distance: true },
      }),
  },
  {
    name: 'Sydney → Auckland → Honolulu with a title and text overlays',
    mode: 'route_animation',
    props: (aspect_ratio, style) =>
      propsOfRenderBody({
        ...BASE,
        aspect_ratio,
        style,
        waypoints: [{ place: 'Sydney' }, { place: 'Auckland' }, { place: 'Honolulu' }],
        transport: 'plane',
        hud: { distance: true, position: 'top-right' },
        title: { text: 'South Pacific hops', subtitle: 'Sydney to Honolulu' },
        text_overlays: overlays,
      }),
  },
  {
    name: 'Suva → Apia by air, across the antimeridian',
    mode: 'route_animation',
    props: (aspect_ratio, style) =>
      propsOfRenderBody({
        ...BASE,
        aspect_ratio,
        style,
        waypoints: [{ place: 'Suva' }, { place: 'Apia' }],
        transport: 'plane',
        hud: { distance: true },
      }),
  },
  {
    name: 'Shanghai → Tsugaru Strait → Los Angeles by sea, across the antimeridian',
    mode: 'route_animation',
    props: (aspect_ratio, style) => Promise.resolve(pacificProps({ ...BASE, aspect_ratio, style })),
  },
  {
    name: 'Los Angeles → Tokyo, London (multi_route, data labels)',
    mode: 'multi_route',
    props: (aspect_ratio, style) =>
      propsOfRenderBody({
        ...BASE,
        aspect_ratio,
        style,
        mode: 'multi_route',
        multi_route: {
          origin: { place: 'Los Angeles' },
          routes: [
            { place: 'Tokyo', data_label: '11 hours' },
            { place: 'London', data_label: '10 hours' },
          ],
        },
      }),
  },
  {
    name: 'Los Angeles → Tokyo, London, Sydney, São Paulo on the flat map, with a title',
    mode: 'multi_route',
    props: (aspect_ratio, style) =>
      propsOfRenderBody({
        ...BASE,
        aspect_ratio,
        style,
        mode: 'multi_route',
        projection: 'flat',
        title: { text: 'From Los Angeles' },
        multi_route: {
          origin: { place: 'Los Angeles' },
          routes: [
            { place: 'Tokyo', data_label: '11 hours' },
            { place: 'London', data_label: '10 hours' },
            { place: 'Sydney', data_label: '15 hours' },
            { place: 'São Paulo', data_label: '12 hours' },
          ],
        },
      }),
  },
  {
    name: 'Shanghai → eight ports by sea (multi_route, "17 days")',
    mode: 'multi_route',
    props: (aspect_ratio, style) => Promise.resolve(shanghaiPortsProps({ ...BASE, aspect_ratio, style })),
  },
  {
    name: 'Portugal from the world',
    mode: 'region_focus',
    props: (aspect_ratio, style) => Promise.resolve(regionFocusProps(PORTUGAL, { ...BASE, aspect_ratio, style })),
  },
  {
    name: 'Japan from its continent',
    mode: 'region_focus',
    props: (aspect_ratio, style) => Promise.resolve(regionFocusProps(JAPAN_FROM_CONTINENT, { ...BASE, aspect_ratio, style })),
  },
  {
    name: 'Fiji, across the antimeridian, with a caption',
    mode: 'region_focus',
    props: (aspect_ratio, style) =>
      propsOfRenderBody({
        ...BASE,
        aspect_ratio,
        style,
        mode: 'region_focus',
        region_focus: { region: 'Fiji', label: 'Fiji', markers: [{ place: 'Suva', label: 'Suva' }] },
        text_overlays: [{ text: '330 islands, 110 of them lived on', start: 4, end: 9.5, position: 'bottom', style: 'caption' }],
      }),
  },
  {
    name: 'Life expectancy, the world',
    mode: 'country_data',
    props: (aspect_ratio, style) => Promise.resolve(countryDataProps(LIFE_EXPECTANCY_DATA, { ...BASE, aspect_ratio, style })),
  },
  {
    name: 'Life expectancy, the world on the flat map',
    mode: 'country_data',
    props: (aspect_ratio, style) =>
      Promise.resolve(countryDataProps(LIFE_EXPECTANCY_DATA, { ...BASE, aspect_ratio, style, projection: 'flat' })),
  },
  {
    name: 'Population change, diverging, with a title',
    mode: 'country_data',
    props: (aspect_ratio, style) =>
      Promise.resolve(countryDataProps(POPULATION_CHANGE_DATA, { ...BASE, aspect_ratio, style, title: { text: 'Population change' } })),
  },
];

/** The frames looked at: the opening (under a title card, and as it fades), on the way, the middle, towards the end, the last. */
const FRAME_SHARES = [0.05, 0.1, 0.15, 0.3, 0.5, 0.75, 1];
const framesOf = (props: MapAnimationProps) =>
  FRAME_SHARES.map((share) => Math.min(props.durationInFrames - 1, Math.round(share * props.durationInFrames)));

/** One line per case and check that found something: how many findings, and the first in full. */
function summary(where: string, findings: LayoutFinding[]): string[] {
  const byCheck = new Map<string, LayoutFinding[]>();
  for (const f of findings) byCheck.set(f.check, [...(byCheck.get(f.check) ?? []), f]);
  return [...byCheck].map(([check, list]) => `${where}: ${list.length} × ${check}, e.g. frame ${list[0].frame}: ${list[0].message}`);
}

describe('Frames are full and legible (contract §22)', () => {
  let workDir: string;
  let page: FrameLayoutPage;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-frame-layout-'));
    // The test command builds the bundle from the sources first (scripts/test.sh), as CI does.
    const bundleDir = await ensureRemotionBundle();
    page = await FrameLayoutPage.open({ bundleDir, browserExecutable });
  }, 180_000);

  afterAll(async () => {
    await page?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it.each(CASES.map((c) => [`${c.mode}: ${c.name}`, c] as const))(
    '%s, in every aspect ratio and style',
    async (_name, c) => {
      const report: string[] = [];
      // What the frames held, so that a check cannot pass on frames with nothing in them.
      const seen = { labels: 0, markers: 0, panels: 0 };
      for (const aspect of ASPECT_RATIOS) {
        for (const style of STYLE_IDS) {
          const props = await c.props(aspect, style);
          expect(props.mode).toBe(c.mode);
          const layouts = await page.layouts(props, framesOf(props));
          for (const l of layouts) {
            seen.labels += l.labels.length;
            seen.markers += l.markers.length;
            seen.panels += l.covers.filter((cover) => cover.kind === 'panel').length;
          }
          const findings = layouts.flatMap(checkFrameLayout);
          if (FINDINGS_FILE)
            fs.appendFileSync(FINDINGS_FILE, findings.map((f) => `${JSON.stringify({ case: c.name, aspect, style, ...f })}\n`).join(''));
          report.push(...summary(`${aspect} ${style}`, findings));
        }
      }
      expect(report).toEqual([]);
      if (c.mode === 'country_data') expect(seen.panels).toBeGreaterThan(0);
      else expect(Math.min(seen.labels, seen.markers)).toBeGreaterThan(0);
    },
    120_000,
  );
});
