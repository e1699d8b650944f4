import type { Topology } from 'topojson-specification';
import countries50m from 'world-atlas/countries-50m.json';
import land50m from 'world-atlas/land-50m.json';
import { COUNTRY_FRAMES, LAND_MASK } from './country-frames';
import { computeCountryFrames } from './country-frames-source';

describe('country-frames.ts', () => {
  it('is up to date with world-atlas and the landmass rule (regenerate: npx ts-node --transpile-only scripts/country-frames.ts)', () => {
    const computed = computeCountryFrames(countries50m as unknown as Topology, land50m as unknown as Topology);
    expect(COUNTRY_FRAMES).toEqual(computed.frames);
    expect(LAND_MASK).toBe(computed.landMask);
  });
});
