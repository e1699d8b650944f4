import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import countries from 'world-countries';
import { findCountry, searchCountries } from './countries';
import { COUNTRY_LIST } from './country-list';

describe('the composer’s country list', () => {
  it('is every country the map draws, as world-countries names it (else run scripts/dashboard-countries.ts)', () => {
    const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as {
      objects: { countries: { geometries: Array<{ id?: string }> } };
    };
    const outlined = new Set(topology.objects.countries.geometries.map((g) => g.id));
    const expected = countries.filter((c) => c.ccn3 !== '' && outlined.has(c.ccn3)).map((c) => [c.name.common, c.cca2, c.cca3]);
    expect([...COUNTRY_LIST].sort()).toEqual(expected.sort());
  });
});

describe('country suggestions', () => {
  it('finds a country by its codes or its name, whatever the case and accents', () => {
    expect(findCountry('pt')?.name).toBe('Portugal');
    expect(findCountry('PRT')?.name).toBe('Portugal');
    expect(findCountry('turkiye')?.alpha2).toBe('TR');
    expect(findCountry('Atlantis')).toBeUndefined();
  });

  it('puts an exact code first, then names that begin with the text, then names with a word that does', () => {
    expect(searchCountries('de').map((c) => c.name)[0]).toBe('Germany');
    expect(searchCountries('united').map((c) => c.name)).toEqual(expect.arrayContaining(['United Kingdom', 'United States']));
    expect(searchCountries('kingdom').map((c) => c.name)).toContain('United Kingdom');
    expect(searchCountries('')).toEqual([]);
    expect(searchCountries('a', 3)).toHaveLength(3);
  });
});
