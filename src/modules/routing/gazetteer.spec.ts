import { normalizePlaceName, preloadGazetteer, resolvePlace, suggestPlaces } from './gazetteer';

describe('gazetteer', () => {
  beforeAll(() => {
    expect(preloadGazetteer().places).toBeGreaterThan(100_000);
  });

  it('finds places whatever the case, accents and punctuation', () => {
    expect(resolvePlace('lisbon')).toEqual({ name: 'Lisbon', country: 'PT', lat: 38.71667, lng: -9.13333 });
    for (const spelling of ['São Paulo', 'sao paulo', 'SAO-PAULO', '  Sao   Paulo ']) {
      expect(resolvePlace(spelling)).toMatchObject({ name: 'São Paulo', country: 'BR' });
    }
    expect(resolvePlace('Zurich')).toMatchObject({ name: 'Zürich', country: 'CH' });
    expect(resolvePlace('constanta')).toMatchObject({ country: 'RO' });
    expect(resolvePlace('Gdańsk')).toMatchObject({ name: 'Gdańsk', country: 'PL' });
  });

  it('prefers the larger population when a name is shared, and takes a country code to choose', () => {
    expect(resolvePlace('Odessa')).toMatchObject({ country: 'UA' });
    expect(resolvePlace('Odessa, US')).toMatchObject({ name: 'Odessa', country: 'US' });
    expect(resolvePlace('odessa, us')).toMatchObject({ country: 'US' });
    expect(resolvePlace('Sydney')).toMatchObject({ country: 'AU' });
    expect(resolvePlace('Sydney, CA')).toMatchObject({ country: 'CA' });
    expect(resolvePlace('Odessa (US)')).toMatchObject({ name: 'Odessa', country: 'US' });
    expect(resolvePlace('Sydney ( ca )')).toMatchObject({ country: 'CA' });
    expect(resolvePlace('Lisbon, FR')).toBeNull();
  });

  it('knows the common names the data spells otherwise', () => {
    expect(resolvePlace('New York')).toMatchObject({ name: 'New York City', country: 'US' });
    expect(resolvePlace('Ulaanbaatar')).toMatchObject({ name: 'Ulan Bator', country: 'MN' });
    expect(resolvePlace('Lisboa')).toMatchObject({ name: 'Lisbon' });
    expect(resolvePlace('Cologne')).toMatchObject({ name: 'Köln', country: 'DE' });
    expect(resolvePlace('Cologne, IT')).toMatchObject({ name: 'Cologne', country: 'IT' });
  });

  it('returns null for unknown names', () => {
    expect(resolvePlace('Nowhereville')).toBeNull();
    expect(resolvePlace('')).toBeNull();
  });

  it('suggests close spellings, larger places first, each one resolvable', () => {
    expect(suggestPlaces('Lisbn')[0]).toBe('Lisbon (PT)');
    expect(suggestPlaces('Rotterdm')[0]).toBe('Rotterdam (NL)');
    expect(suggestPlaces('Sao Paolo')[0]).toBe('São Paulo (BR)');
    expect(suggestPlaces('Kopenhagen')).toContain('Copenhagen (DK)');
    expect(suggestPlaces('Lond')[0]).toBe('London (GB)'); // the start of a name counts too
    for (const suggestion of suggestPlaces('Amsterdm', 5)) expect(resolvePlace(suggestion)).not.toBeNull();
  });

  it('limits suggestions and returns none for gibberish', () => {
    expect(suggestPlaces('Sao Paolo', 2)).toHaveLength(2);
    expect(suggestPlaces('Xyzzyqw')).toEqual([]);
    expect(suggestPlaces('')).toEqual([]);
  });

  it('normalises names for matching', () => {
    expect(normalizePlaceName('São Paulo')).toBe('sao paulo');
    expect(normalizePlaceName("Val-d'Or")).toBe('val d or');
    expect(normalizePlaceName('Straße')).toBe('strasse');
    expect(normalizePlaceName('Tromsø')).toBe('tromso');
    expect(normalizePlaceName('東京')).toBe('東京');
  });
});
