import { mergeTemplate } from './merge-template';

const lisbonToNewYork = [
  { place: 'Lisbon', label: 'Home' },
  { place: 'New York', dwell: 1 },
];

describe('mergeTemplate', () => {
  it('keeps the template’s fields the request leaves out, and the request’s own', () => {
    expect(mergeTemplate({ style: 'dark', fps: 60 }, { waypoints: lisbonToNewYork, fps: 24 })).toEqual({
      style: 'dark',
      fps: 24,
      waypoints: lisbonToNewYork,
    });
  });

  it('merges objects key by key: camera, route_style, route, title', () => {
    const merged = mergeTemplate(
      {
        camera: { preset: 'cinematic', tilt: 30 },
        route_style: { color: '#3ee0c8', line: 'glow' },
        route: { mode: 'sea', avoid: ['suez'] },
        title: { text: 'Weekly update', subtitle: 'Shipping desk' },
      },
      { camera: { tilt: 10 }, route_style: { width: 8 }, route: { mode: 'manual' }, title: { text: 'Lisbon to Rotterdam' } },
    );
    expect(merged).toEqual({
      camera: { preset: 'cinematic', tilt: 10 },
      route_style: { color: '#3ee0c8', line: 'glow', width: 8 },
      route: { mode: 'manual', avoid: ['suez'] },
      title: { text: 'Lisbon to Rotterdam', subtitle: 'Shipping desk' },
    });
  });

  it('merges terrain key by key: the request’s enabled or exaggeration over the template’s (contract §21)', () => {
    const settings = { terrain: { enabled: true, exaggeration: 2 } };
    expect(mergeTemplate(settings, { terrain: { exaggeration: 0.5 } })).toEqual({ terrain: { enabled: true, exaggeration: 0.5 } });
    expect(mergeTemplate(settings, { terrain: { enabled: false } })).toEqual({ terrain: { enabled: false, exaggeration: 2 } });
    expect(mergeTemplate({ style: 'dark' }, { terrain: { enabled: true } })).toEqual({ style: 'dark', terrain: { enabled: true } });
  });

  it('merges a mode’s settings object key by key, at every depth', () => {
    const merged = mergeTemplate(
      { mode: 'country_data', country_data: { palette: 'diverging', reveal: 'all', legend: { unit: '%' } } },
      { country_data: { values: [{ country: 'PT', value: 2.1 }], legend: { title: 'GDP growth' } } },
    );
    expect(merged).toEqual({
      mode: 'country_data',
      country_data: {
        palette: 'diverging',
        reveal: 'all',
        legend: { unit: '%', title: 'GDP growth' },
        values: [{ country: 'PT', value: 2.1 }],
      },
    });
  });

  it('replaces arrays whole: waypoints, text_overlays, route.avoid', () => {
    const merged = mergeTemplate(
      {
        waypoints: [{ place: 'Rotterdam' }, { place: 'Hamburg' }, { place: 'Oslo' }],
        text_overlays: [{ text: 'Brand', start: 0, end: 2 }],
        route: { avoid: ['suez', 'panama'] },
      },
      { waypoints: lisbonToNewYork, text_overlays: [], route: { avoid: ['hormuz'] } },
    );
    expect(merged).toEqual({ waypoints: lisbonToNewYork, text_overlays: [], route: { avoid: ['hormuz'] } });
  });

  it('lets the request’s hud: false turn off the template’s HUD, and the request’s HUD replace the template’s false', () => {
    const hud = { distance: true, position: 'top-left' };
    expect(mergeTemplate({ hud }, { hud: false })).toEqual({ hud: false });
    expect(mergeTemplate({ hud: false }, { hud: { progress_bar: true } })).toEqual({ hud: { progress_bar: true } });
    expect(mergeTemplate({ hud }, { hud: { position: 'bottom-right' } })).toEqual({ hud: { distance: true, position: 'bottom-right' } });
  });

  it('lets the request clear a template’s value with null, and replace an object by a value of another type', () => {
    expect(mergeTemplate({ title: { text: 'Brand' }, camera: { preset: 'follow' } }, { title: null, camera: 'overview' })).toEqual({
      title: null,
      camera: 'overview',
    });
  });

  it('never shares the template’s objects or arrays with the merged body', () => {
    const settings = { camera: { preset: 'cinematic' }, waypoints: [{ place: 'Lisbon' }, { place: 'Porto' }] };
    const merged = mergeTemplate(settings, { camera: { tilt: 5 } });
    (merged.camera as Record<string, unknown>).preset = 'follow';
    (merged.waypoints as { place: string }[])[0].place = 'Faro';
    expect(settings).toEqual({ camera: { preset: 'cinematic' }, waypoints: [{ place: 'Lisbon' }, { place: 'Porto' }] });
  });

  it('copies no prototype keys from either side', () => {
    const request = JSON.parse('{"__proto__": {"polluted": true}, "camera": {"constructor": {"x": 1}, "tilt": 3}}') as Record<
      string,
      unknown
    >;
    const merged = mergeTemplate({ camera: { preset: 'auto' } }, request);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: boolean }).polluted).toBeUndefined();
    expect(merged).toEqual({ camera: { preset: 'auto', tilt: 3 } });
    expect(Object.keys(merged.camera as object)).toEqual(['preset', 'tilt']);
  });
});
