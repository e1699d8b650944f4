import { LIFE_EXPECTANCY, LIFE_EXPECTANCY_DATA, POPULATION_CHANGE_DATA, countryDataProps } from '../../fixtures/region-modes';
import { buildScene } from '../index';
import { planCountryData, revealSchedule } from './plan';

describe('revealSchedule', () => {
  const values = [
    { id: 'a', value: 3 },
    { id: 'b', value: 1 },
    { id: 'c', value: 2 },
    { id: 'd', value: 2 },
  ];

  it('ranked: fills countries one after another from the lowest value to the highest', () => {
    const schedule = revealSchedule(values, 'ranked', { fps: 30, start: 30, durationInFrames: 300 });
    expect(schedule.map((s) => s.id)).toEqual(['b', 'c', 'd', 'a']);
    for (let i = 1; i < schedule.length; i++) {
      expect(schedule[i].from).toBeGreaterThan(schedule[i - 1].from);
      expect(schedule[i].to - schedule[i].from).toBe(schedule[0].to - schedule[0].from);
    }
    expect(schedule[0].from).toBe(30);
  });

  it('ranked: many countries are done within 60% of the time after the opening, leaving the map to be read', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: String(i), value: (i * 37) % 101 }));
    const schedule = revealSchedule(many, 'ranked', { fps: 30, start: 30, durationInFrames: 300 });
    expect(Math.max(...schedule.map((s) => s.to))).toBeLessThanOrEqual(30 + 0.6 * 270 + 1);
  });

  it('all: every country fades in together', () => {
    const schedule = revealSchedule(values, 'all', { fps: 30, start: 30, durationInFrames: 300 });
    expect(new Set(schedule.map((s) => `${s.from}-${s.to}`)).size).toBe(1);
    expect(schedule[0].to - schedule[0].from).toBe(36);
  });
});

describe('country_data plan', () => {
  it('gives each country with a value its colour and keeps one entry per country (the last one given)', () => {
    const props = countryDataProps({ ...LIFE_EXPECTANCY_DATA, values: [...LIFE_EXPECTANCY, { ...LIFE_EXPECTANCY[0], value: 50 }] });
    const plan = planCountryData(props);
    expect(plan.fills).toHaveLength(LIFE_EXPECTANCY.length);
    const japan = plan.fills.find((f) => f.id === '392')!;
    expect(japan.value).toBe(50);
    expect(japan.color).toBe(plan.scale.color(50));
    // Ranked, lowest first: Japan's 50 now comes first.
    expect(plan.fills[0].id).toBe('392');
  });

  it('holds the camera still on the whole world, or on the region', () => {
    const world = buildScene(countryDataProps(POPULATION_CHANGE_DATA));
    expect(new Set(world.track.map((c) => `${c.x},${c.y},${c.z}`)).size).toBe(1);
    const europe = buildScene(countryDataProps({ ...POPULATION_CHANGE_DATA, region: { kind: 'bbox', bbox: [-12, 34, 42, 71] } }));
    expect(europe.track[0].z).toBeGreaterThan(world.track[0].z + 1);
    expect(europe.geometry.centerLng).toBeCloseTo(15, 6);
  });

  it('shows the legend as the reveal starts, after the title card', () => {
    const props = countryDataProps(LIFE_EXPECTANCY_DATA, { title: { text: 'How long we live' } });
    const plan = planCountryData(props);
    expect(plan.fills[0].from).toBeGreaterThanOrEqual(plan.timeline.title.end);
    expect(plan.legendAt).toBeLessThanOrEqual(plan.fills[0].from);
    expect(plan.legendAt).toBeGreaterThan(plan.timeline.title.end - props.fps);
  });
});
