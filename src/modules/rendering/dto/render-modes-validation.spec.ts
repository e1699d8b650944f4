import { ArgumentMetadata } from '@nestjs/common';
import { DomainError, ValidationIssue } from '../../../common/errors';
import { createValidationPipe } from '../../../common/http/validation';
import { CreateRenderDto } from './create-render.dto';

const metadata: ArgumentMetadata = { type: 'body', metatype: CreateRenderDto };
const waypoints = [{ place: 'Lisbon' }, { place: 'Paris' }];
const multiRoute = { origin: { place: 'Shanghai' }, routes: [{ place: 'Rotterdam' }] };
const regionFocus = { region: 'PT' };
const countryData = { values: [{ country: 'PT', value: 10.3 }] };

/** The issues of a body as `[field, code]` pairs, or [] when it is valid. */
async function issuesOf(body: unknown): Promise<ValidationIssue[]> {
  try {
    await createValidationPipe().transform(body, metadata);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return ((error as DomainError).extra as { issues: ValidationIssue[] }).issues;
  }
}
const pairs = async (body: unknown) => (await issuesOf(body)).map((issue) => [issue.field, issue.code]);

describe('render modes: which fields each mode takes', () => {
  it('accepts one complete body of every mode', async () => {
    expect(await issuesOf({ waypoints })).toEqual([]);
    expect(await issuesOf({ mode: 'route_animation', waypoints })).toEqual([]);
    expect(await issuesOf({ mode: 'multi_route', multi_route: multiRoute, transport: 'ship', route: { avoid: ['suez'] } })).toEqual([]);
    expect(await issuesOf({ mode: 'region_focus', region_focus: regionFocus, camera: { intensity: 'soft' }, hud: false })).toEqual([]);
    expect(await issuesOf({ mode: 'country_data', country_data: countryData, title: { text: 'Population' }, units: 'mi' })).toEqual([]);
  });

  it('refuses a mode that does not exist, without piling up issues about what it would require', async () => {
    expect(await pairs({ mode: 'globe' })).toEqual([['mode', 'invalid_enum_value']]);
  });

  it('requires the settings object of the chosen mode', async () => {
    for (const mode of ['multi_route', 'region_focus', 'country_data']) {
      expect(await issuesOf({ mode })).toEqual([{ field: mode, code: 'required', message: `${mode} is required when mode is "${mode}"` }]);
    }
  });

  it('requires waypoints in route_animation, the default mode', async () => {
    expect(await pairs({})).toEqual([['waypoints', 'required']]);
    expect(await pairs({ mode: 'route_animation', waypoints: [{ place: 'Lisbon' }] })).toEqual([['waypoints', 'too_few_items']]);
  });

  it('refuses another mode’s settings once, naming the mode that takes them, whatever they hold', async () => {
    const issues = await issuesOf({ waypoints, multi_route: { origin: 'nowhere', routes: 5 }, country_data: countryData });
    expect(issues).toEqual([
      {
        field: 'multi_route',
        code: 'not_allowed_in_mode',
        message: 'multi_route is only allowed when mode is "multi_route" (this request\'s mode is "route_animation")',
      },
      {
        field: 'country_data',
        code: 'not_allowed_in_mode',
        message: 'country_data is only allowed when mode is "country_data" (this request\'s mode is "route_animation")',
      },
    ]);
    expect(await pairs({ mode: 'multi_route', multi_route: multiRoute, region_focus: regionFocus })).toEqual([
      ['region_focus', 'not_allowed_in_mode'],
    ]);
  });

  it('refuses waypoints in the modes that take none, but lets an empty list through', async () => {
    for (const [mode, settings] of [
      ['multi_route', multiRoute],
      ['region_focus', regionFocus],
      ['country_data', countryData],
    ] as const) {
      const issues = await issuesOf({ mode, [mode]: settings, waypoints });
      expect(issues).toEqual([
        {
          field: 'waypoints',
          code: 'not_allowed_in_mode',
          message: `waypoints is only allowed when mode is "route_animation" (this request's mode is "${mode}")`,
        },
      ]);
      expect(await issuesOf({ mode, [mode]: settings, waypoints: [] })).toEqual([]);
    }
  });

  it('takes transport, route and route_style in multi_route, and refuses them where there is no route', async () => {
    const routeFields = { transport: 'ship', route: { mode: 'sea' }, route_style: { line: 'dashed' } };
    expect(await issuesOf({ mode: 'multi_route', multi_route: multiRoute, ...routeFields })).toEqual([]);
    for (const [mode, settings] of [
      ['region_focus', regionFocus],
      ['country_data', countryData],
    ] as const) {
      expect(await pairs({ mode, [mode]: settings, ...routeFields })).toEqual([
        ['transport', 'not_allowed_in_mode'],
        ['route', 'not_allowed_in_mode'],
        ['route_style', 'not_allowed_in_mode'],
      ]);
    }
  });

  it('refuses a HUD outside route_animation (it follows the one vehicle), but not hud: false', async () => {
    expect(await pairs({ mode: 'multi_route', multi_route: multiRoute, hud: { distance: true } })).toEqual([
      ['hud', 'not_allowed_in_mode'],
    ]);
    expect(await pairs({ mode: 'country_data', country_data: countryData, hud: false })).toEqual([]);
  });

  it('takes duration, resolution, aspect ratio, fps, style, projection, terrain, camera, title, overlays, units and webhook in every mode', async () => {
    const everyMode = {
      duration: 8,
      resolution: '720p',
      aspect_ratio: '9:16',
      fps: 24,
      style: 'dark',
      projection: 'globe',
      terrain: { enabled: true, exaggeration: 2 },
      camera: { preset: 'cinematic', tilt: 20, intensity: 'bold' },
      title: { text: 'Trade lanes' },
      text_overlays: [{ text: 'Hello', start: 0, end: 2 }],
      units: 'mi',
      webhook_url: 'https://example.com/hook',
    };
    expect(await issuesOf({ mode: 'region_focus', region_focus: regionFocus, ...everyMode })).toEqual([]);
    expect(await issuesOf({ mode: 'country_data', country_data: countryData, ...everyMode })).toEqual([]);
  });

  it('takes each projection in every mode, and names projection when it is none of them', async () => {
    const bodies = [
      { waypoints },
      { mode: 'multi_route', multi_route: multiRoute },
      { mode: 'region_focus', region_focus: regionFocus },
      { mode: 'country_data', country_data: countryData },
    ];
    for (const body of bodies) {
      for (const projection of ['auto', 'flat', 'globe']) expect(await issuesOf({ ...body, projection })).toEqual([]);
      expect(await pairs({ ...body, projection: 'sphere' })).toEqual([['projection', 'invalid_enum_value']]);
    }
    expect(await issuesOf({ waypoints, projection: 3 })).toEqual([
      { field: 'projection', code: 'invalid_enum_value', message: 'projection must be one of the following values: auto, flat, globe' },
    ]);
  });

  it('takes terrain in every mode, each field optional, exaggeration from 0 to 3 (contract §21)', async () => {
    const bodies = [
      { waypoints },
      { mode: 'multi_route', multi_route: multiRoute },
      { mode: 'region_focus', region_focus: regionFocus },
      { mode: 'country_data', country_data: countryData },
    ];
    const accepted = [
      {},
      { enabled: true },
      { enabled: false, exaggeration: 3 },
      { exaggeration: 0 },
      { enabled: true, exaggeration: 1.25 },
    ];
    for (const body of bodies) {
      for (const terrain of accepted) expect([body, terrain, await issuesOf({ ...body, terrain })]).toEqual([body, terrain, []]);
      expect(await pairs({ ...body, terrain: { enabled: true, exaggeration: 3.5 } })).toEqual([['terrain.exaggeration', 'too_big']]);
    }
  });

  it('names each bad terrain field by its path, unknown keys in terrain included', async () => {
    expect(await issuesOf({ waypoints, terrain: { enabled: 'yes', exaggeration: -0.5 } })).toEqual([
      { field: 'terrain.enabled', code: 'invalid_type', message: 'enabled must be a boolean value' },
      { field: 'terrain.exaggeration', code: 'too_small', message: 'exaggeration must not be less than 0' },
    ]);
    expect(await pairs({ waypoints, terrain: { exaggeration: '2' } })).toEqual([
      ['terrain.exaggeration', 'too_big'],
      ['terrain.exaggeration', 'too_small'],
      ['terrain.exaggeration', 'invalid_type'],
    ]);
    expect(await pairs({ mode: 'country_data', country_data: countryData, terrain: { enabled: true, shading: 'soft' } })).toEqual([
      ['terrain.shading', 'unrecognized_field'],
    ]);
  });

  it('refuses terrain that is not an object once, with an example built from a boolean', async () => {
    expect(await issuesOf({ waypoints, terrain: true })).toEqual([
      { field: 'terrain', code: 'invalid_type', message: 'terrain must be an object, e.g. {"enabled":true}' },
    ]);
    expect(await issuesOf({ waypoints, terrain: 2 })).toEqual([
      { field: 'terrain', code: 'invalid_type', message: 'terrain must be an object, e.g. {"enabled":true,"exaggeration":1.5}' },
    ]);
  });
});

describe('multi_route settings', () => {
  const body = (settings: object) => ({ mode: 'multi_route', multi_route: { ...multiRoute, ...settings } });

  it('needs an origin and 1–30 routes, each a point given by lat+lng or place', async () => {
    expect(await pairs({ mode: 'multi_route', multi_route: {} })).toEqual([
      ['multi_route.origin', 'required'],
      ['multi_route.routes', 'required'],
    ]);
    expect(await pairs(body({ routes: [] }))).toEqual([['multi_route.routes', 'too_few_items']]);
    expect(await pairs(body({ routes: Array.from({ length: 31 }, () => ({ place: 'Santos' })) }))).toEqual([
      ['multi_route.routes', 'too_many_items'],
    ]);
    expect(await pairs(body({ routes: Array.from({ length: 30 }, () => ({ place: 'Santos' })) }))).toEqual([]);
    expect(await pairs(body({ origin: { lat: 31.2 }, routes: [{ label: 'Somewhere' }] }))).toEqual([
      ['multi_route.origin.lng', 'required'],
      ['multi_route.routes[0].lat', 'required'],
      ['multi_route.routes[0].lng', 'required'],
    ]);
  });

  it('checks each route’s data label, colour, transport and label offset', async () => {
    const route = {
      place: 'Santos',
      data_label: 'x'.repeat(31),
      color: 'orange',
      transport: 'rocket',
      label_offset: { x: -1001, y: 2000 },
    };
    expect(await pairs(body({ routes: [route] }))).toEqual([
      ['multi_route.routes[0].data_label', 'too_long'],
      ['multi_route.routes[0].color', 'invalid_format'],
      ['multi_route.routes[0].transport', 'invalid_enum_value'],
      ['multi_route.routes[0].label_offset.x', 'too_small'],
      ['multi_route.routes[0].label_offset.y', 'too_big'],
    ]);
    const good = { place: 'Santos', data_label: 'x'.repeat(30), color: '#FFB000', transport: 'plane', label_offset: { x: -40, y: 12.5 } };
    expect(await pairs(body({ routes: [good] }))).toEqual([]);
  });

  it('checks the timing fields, zooms and label collision mode', async () => {
    expect(
      await pairs(
        body({
          show_all_routes_at_start: 'yes',
          animate_labels: 1,
          routes_start_at: -1,
          routes_duration: -0.5,
          stagger: -2,
          label_collision: 'avoid',
          start_zoom: 0,
          end_zoom: 21,
        }),
      ),
    ).toEqual([
      ['multi_route.show_all_routes_at_start', 'invalid_type'],
      ['multi_route.animate_labels', 'invalid_type'],
      ['multi_route.routes_start_at', 'too_small'],
      ['multi_route.routes_duration', 'too_small'],
      ['multi_route.stagger', 'too_small'],
      ['multi_route.label_collision', 'invalid_enum_value'],
      ['multi_route.start_zoom', 'too_small'],
      ['multi_route.end_zoom', 'too_big'],
    ]);
  });

  it('refuses fields it does not know', async () => {
    expect(await pairs(body({ destinations: [] }))).toEqual([['multi_route.destinations', 'unrecognized_field']]);
  });
});

describe('region_focus settings', () => {
  const body = (settings: object) => ({ mode: 'region_focus', region_focus: { ...regionFocus, ...settings } });
  const regionIssue = async (region: unknown) => (await issuesOf(body({ region })))[0];

  it('takes a country as code or name, or a bbox [west, south, east, north]', async () => {
    for (const region of ['PT', 'PRT', 'Portugal', [-9.6, 36.9, -6.1, 42.2], [170, -50, -170, -30]]) {
      expect(await issuesOf(body({ region }))).toEqual([]);
    }
  });

  it('says what is wrong with a region', async () => {
    expect(await pairs({ mode: 'region_focus', region_focus: {} })).toEqual([['region_focus.region', 'required']]);
    expect(await regionIssue(42)).toEqual({
      field: 'region_focus.region',
      code: 'invalid_region',
      message: 'region must be a country (ISO 3166-1 alpha-2 or alpha-3 code, or English name) or a bbox [west, south, east, north]',
    });
    expect((await regionIssue('')).message).toBe('region must be a country code or name of 1–100 characters');
    expect((await regionIssue([1, 2, 3])).message).toBe('region bbox must be 4 numbers: [west, south, east, north] in degrees');
    expect((await regionIssue([1, 2, '3', 4])).message).toBe('region bbox must be 4 numbers: [west, south, east, north] in degrees');
    expect((await regionIssue([-190, 2, 3, 4])).message).toBe('region bbox west and east must be longitudes within -180..180');
    expect((await regionIssue([1, -91, 3, 4])).message).toBe('region bbox south and north must be latitudes within -90..90');
    expect((await regionIssue([1, 40, 3, 30])).message).toBe('region bbox south (40) must be less than north (30)');
    expect((await regionIssue([3, 30, 3, 40])).message).toBe('region bbox west and east must differ');
  });

  it('checks label, highlight colour, start and 0–25 markers', async () => {
    const markers = Array.from({ length: 26 }, () => ({ place: 'Porto' }));
    expect(await pairs(body({ label: 'x'.repeat(61), highlight_color: 'red', from: 'space', markers }))).toEqual([
      ['region_focus.label', 'too_long'],
      ['region_focus.highlight_color', 'invalid_format'],
      ['region_focus.from', 'invalid_enum_value'],
      ['region_focus.markers', 'too_many_items'],
    ]);
    expect(
      await pairs(
        body({
          markers: [
            { place: 'Porto', label: 'x'.repeat(61) },
            { lat: 95, lng: 0 },
          ],
        }),
      ),
    ).toEqual([
      ['region_focus.markers[0].label', 'too_long'],
      ['region_focus.markers[1].lat', 'too_big'],
    ]);
    expect(await pairs(body({ label: '', from: 'continent', markers: [] }))).toEqual([]);
  });
});

describe('country_data settings', () => {
  const body = (settings: object) => ({ mode: 'country_data', country_data: { ...countryData, ...settings } });

  it('takes 1–250 values, each a country and a number', async () => {
    expect(await pairs(body({ values: [] }))).toEqual([['country_data.values', 'too_few_items']]);
    const many = Array.from({ length: 251 }, (_, i) => ({ country: `C${i}`, value: i }));
    expect(await pairs(body({ values: many }))).toEqual([['country_data.values', 'too_many_items']]);
    expect(await pairs(body({ values: [{ country: '', value: '3' }, { value: 1 }, { country: 'PT', value: -2.5 }] }))).toEqual([
      ['country_data.values[0].country', 'invalid_length'],
      ['country_data.values[0].value', 'invalid_type'],
      ['country_data.values[1].country', 'required'],
    ]);
  });

  it('checks the legend, palette, reveal and region', async () => {
    expect(
      await pairs(body({ legend: { title: 'x'.repeat(41), unit: 'x'.repeat(13) }, palette: 'rainbow', reveal: 'slow', region: [0, 0] })),
    ).toEqual([
      ['country_data.legend.title', 'too_long'],
      ['country_data.legend.unit', 'too_long'],
      ['country_data.palette', 'invalid_enum_value'],
      ['country_data.reveal', 'invalid_enum_value'],
      ['country_data.region', 'invalid_region'],
    ]);
    const good = { legend: { title: 'x'.repeat(40), unit: 'x'.repeat(12) }, palette: 'diverging', reveal: 'all', region: 'world' };
    expect(await pairs(body(good))).toEqual([]);
  });
});

describe('text overlays and camera details', () => {
  const overlay = { text: 'Leaving Lisbon', start: 0.5, end: 3 };

  it('takes 0–10 overlays', async () => {
    expect(await pairs({ waypoints, text_overlays: [] })).toEqual([]);
    expect(await pairs({ waypoints, text_overlays: Array.from({ length: 10 }, () => overlay) })).toEqual([]);
    expect(await pairs({ waypoints, text_overlays: Array.from({ length: 11 }, () => overlay) })).toEqual([
      ['text_overlays', 'too_many_items'],
    ]);
  });

  it('needs text of 1–120 characters that is not blank, a start ≥ 0 and an end after it', async () => {
    const issues = await issuesOf({
      waypoints,
      text_overlays: [{ text: 'x'.repeat(121), start: -1, end: 2 }, { text: '   ', start: 3, end: 3 }, { text: 'ok' }],
    });
    expect(issues.map((issue) => [issue.field, issue.code])).toEqual([
      ['text_overlays[0].text', 'invalid_length'],
      ['text_overlays[0].start', 'too_small'],
      ['text_overlays[1].text', 'invalid_format'],
      ['text_overlays[1].end', 'too_small'],
      ['text_overlays[2].start', 'required'],
      ['text_overlays[2].end', 'required'],
    ]);
    expect(issues.find((issue) => issue.field === 'text_overlays[1].end')?.message).toBe('end (3 s) must be later than start (3 s)');
    expect(issues.find((issue) => issue.field === 'text_overlays[1].text')?.message).toBe('text must not be blank');
  });

  it('checks position and style against their lists', async () => {
    expect(await pairs({ waypoints, text_overlays: [{ ...overlay, position: 'middle', style: 'banner' }] })).toEqual([
      ['text_overlays[0].position', 'invalid_enum_value'],
      ['text_overlays[0].style', 'invalid_enum_value'],
    ]);
    expect(await pairs({ waypoints, text_overlays: [{ ...overlay, position: 'top-right', style: 'lower-third' }] })).toEqual([]);
  });

  it('checks the waypoints’ zoom override (1–20) and camera hold (0–5 s), and the camera intensity', async () => {
    const body = {
      waypoints: [
        { place: 'Lisbon', camera_zoom_override: 0.5, camera_hold_seconds: 5.5 },
        { place: 'Paris', camera_zoom_override: 21 },
      ],
      camera: { intensity: 'wild' },
    };
    expect(await pairs(body)).toEqual([
      ['waypoints[0].camera_zoom_override', 'too_small'],
      ['waypoints[0].camera_hold_seconds', 'too_big'],
      ['waypoints[1].camera_zoom_override', 'too_big'],
      ['camera.intensity', 'invalid_enum_value'],
    ]);
    const good = {
      waypoints: [{ place: 'Lisbon', camera_zoom_override: 20, camera_hold_seconds: 0 }, { place: 'Paris' }],
      camera: { intensity: 'soft' },
    };
    expect(await pairs(good)).toEqual([]);
  });
});
