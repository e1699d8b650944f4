import { closeSpellings, normalizePlaceName, preloadGazetteer, resolvePlace, searchPlaces, suggestPlaces } from './gazetteer';

describe('gazetteer', () => {
  beforeAll(() => {
    expect(preloadGazetteer().places).toBeGreaterThan(100_000);
  });

  it('finds places whatever the case, accents and punctuation', () => {
    expect(resolvePlace('lisbon')).toEqual({
      name: 'Lisbon',
      admin1: 'Lisbon',
      country: 'PT',
      country_name: 'Portugal',
      display_name: 'Lisbon, Portugal',
      lat: 38.71667,
      lng: -9.13333,
    });
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

  it('computes the edit distance of a few names a lookup, found through their trigrams, not of every name', () => {
    // A scan computed it for every name of a similar length: thousands of the 118,000 names each time.
    for (const [misspelt, meant] of [
      ['Kopenhagen', 'Copenhagen (DK)'],
      ['Rotterdm', 'Rotterdam (NL)'],
      ['Saint Petersbrg', 'Saint Petersburg (RU)'],
      ['Sao Paolo', 'São Paulo (BR)'],
    ]) {
      const { suggestions, evaluated } = closeSpellings(misspelt, 5, Infinity);
      expect(suggestions).toContain(meant);
      expect(evaluated).toBeLessThanOrEqual(50);
    }
    expect(closeSpellings('Qwertyuiopas', 5, Infinity)).toEqual({ suggestions: [], evaluated: 0 });
    // A name of one letter over and over shares its few trigrams with thousands of names: a bounded number is looked at.
    expect(closeSpellings('a'.repeat(100), 5, Infinity).evaluated).toBeLessThanOrEqual(2_000);
  });

  it('stops at its deadline with what it has found', () => {
    const late = closeSpellings('Kopenhagen', 5, performance.now() - 1);
    expect(late.evaluated).toBeLessThan(32);
    expect(closeSpellings('a'.repeat(30), 5, performance.now() - 1)).toEqual({ suggestions: [], evaluated: 31 });
  });

  it('normalises names for matching', () => {
    expect(normalizePlaceName('São Paulo')).toBe('sao paulo');
    expect(normalizePlaceName("Val-d'Or")).toBe('val d or');
    expect(normalizePlaceName('Straße')).toBe('strasse');
    expect(normalizePlaceName('Tromsø')).toBe('tromso');
    expect(normalizePlaceName('東京')).toBe('東京');
  });
});

describe('searchPlaces (type-ahead)', () => {
  it('lists names that begin with the query, the largest places first', () => {
    const names = searchPlaces('lis', 5).map((p) => p.name);
    expect(names[0]).toBe('Lisbon');
    expect(names.every((n) => normalizePlaceName(n).startsWith('lis'))).toBe(true);
  });

  it('puts the exact name first and lists every place of that name, with coordinates and population', () => {
    const portlands = searchPlaces('Portland', 8);
    expect(portlands[0]).toMatchObject({ name: 'Portland', country: 'US', population: expect.any(Number) });
    expect(portlands.filter((p) => p.name === 'Portland').length).toBeGreaterThanOrEqual(2);
    expect(portlands[0].lat).toBeCloseTo(45.5, 0);
  });

  it('narrows to a country with "Name, CC", and falls back to close spellings when nothing begins so', () => {
    expect(searchPlaces('Portland, GB', 3).every((p) => p.country === 'GB')).toBe(true);
    expect(searchPlaces('Lisbn', 3)[0].name).toBe('Lisbon');
    expect(searchPlaces('', 3)).toEqual([]);
  });

  it('tells places of one name apart by their region and country', () => {
    const lisbons = searchPlaces('Lisbon', 20).filter((p) => p.name === 'Lisbon');
    expect(lisbons.map((p) => p.display_name)).toEqual([
      'Lisbon, Portugal',
      'Lisbon, Maine, United States',
      'Lisbon, Connecticut, United States',
      'Lisbon, Ohio, United States',
      'Lisbon, Ohio, United States',
      'Lisbon, Iowa, United States',
      'Lisbon, North Dakota, United States',
    ]);
    expect(lisbons[0]).toMatchObject({ admin1: 'Lisbon', country: 'PT', country_name: 'Portugal' });
    expect(lisbons[1]).toMatchObject({ admin1: 'Maine', country: 'US', country_name: 'United States' });
    // Two Lisbons in Ohio: the larger first, each with its own coordinates and population.
    const [ohio, smallerOhio] = lisbons.filter((p) => p.admin1 === 'Ohio');
    expect(ohio).toMatchObject({ lat: 39.86089, lng: -83.6352, population: 2845 });
    expect(smallerOhio).toMatchObject({ lat: 40.772, lng: -80.76813, population: 2727 });
    expect(resolvePlace('Atlantis')).toMatchObject({ admin1: 'Western Cape', country_name: 'South Africa' });
    expect(resolvePlace('Atlantis')?.display_name).toBe('Atlantis, Western Cape, South Africa');
    expect(resolvePlace('São Paulo')?.display_name).toBe('São Paulo, Brazil'); // the state of São Paulo
  });

  it('reads "Name, Region, Country" as its own display names read, and leads with the place a common name means', () => {
    const names = (query: string, limit = 3) => searchPlaces(query, limit).map((p) => p.display_name);
    expect(names('Lisbon, Ohio, United States')).toEqual(['Lisbon, Ohio, United States', 'Lisbon, Ohio, United States']);
    expect(names('lisbon, oh')).toEqual(['Lisbon, Ohio, United States', 'Lisbon, Ohio, United States']);
    expect(names('Lisbon, Portugal')).toEqual(['Lisbon, Portugal']);
    // Two letters that are an ISO code stand for the country, as in resolvePlace.
    expect(names('Lisbon, US')).toEqual([
      'Lisbon, Maine, United States',
      'Lisbon, Connecticut, United States',
      'Lisbon, Ohio, United States',
    ]);
    expect(names('Lisbon, Mars')).toEqual([]);
    expect(names('Kiev', 1)).toEqual([resolvePlace('Kiev')!.display_name]);
    expect(names('NYC', 1)).toEqual(['New York City, New York, United States']);
  });
});
