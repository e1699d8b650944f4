import { admin1Name, countryName, displayName } from './place-names';

describe('place names', () => {
  it("names a first-level region by GeoNames' admin1 code, accents kept", () => {
    expect(admin1Name('US', 'OH')).toBe('Ohio');
    expect(admin1Name('PT', '14')).toBe('Lisbon');
    expect(admin1Name('PT', '19')).toBe('Setúbal');
    expect(admin1Name('ZA', '11')).toBe('Western Cape');
    expect(admin1Name('US', 'XX')).toBeNull();
    expect(admin1Name('US', '')).toBeNull();
  });

  it("names a country by its ISO code as world-countries' common name, the code when unknown", () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('PT')).toBe('Portugal');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('ZZ')).toBe('ZZ');
  });

  it('writes "Name, Region, Country", leaving out a region that repeats a name', () => {
    expect(displayName('Lisbon', 'Ohio', 'United States')).toBe('Lisbon, Ohio, United States');
    expect(displayName('Lisbon', 'Lisbon', 'Portugal')).toBe('Lisbon, Portugal');
    expect(displayName('Zürich', 'zurich', 'Switzerland')).toBe('Zürich, Switzerland');
    expect(displayName('Singapore', null, 'Singapore')).toBe('Singapore, Singapore');
    expect(displayName('Monaco', 'Monaco', 'Monaco')).toBe('Monaco, Monaco');
  });
});
