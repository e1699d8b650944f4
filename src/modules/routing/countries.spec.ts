import { normalizeCountryName, preloadCountries, resolveCountry, suggestCountries } from './countries';

describe('countries', () => {
  it('loads every ISO 3166-1 country', () => {
    expect(preloadCountries().countries).toBeGreaterThanOrEqual(249);
  });

  it('finds a country by alpha-2 or alpha-3 code, whatever the case', () => {
    const portugal = { iso_numeric: '620', iso_alpha2: 'PT', iso_alpha3: 'PRT', name: 'Portugal', has_outline: true };
    for (const query of ['PT', 'pt', 'PRT', 'prt', ' Prt ']) expect(resolveCountry(query)).toEqual(portugal);
    expect(resolveCountry('DE')).toMatchObject({ iso_numeric: '276', name: 'Germany' });
    expect(resolveCountry('USA')).toMatchObject({ iso_numeric: '840', iso_alpha3: 'USA', name: 'United States' });
  });

  it('keeps the leading zeros of numeric codes, as world-atlas names its polygons', () => {
    expect(resolveCountry('AT')).toMatchObject({ iso_numeric: '040', name: 'Austria' });
    expect(resolveCountry('Afghanistan')).toMatchObject({ iso_numeric: '004' });
  });

  it('finds a country by its common or official English name or an alternative spelling', () => {
    expect(resolveCountry('Portugal')).toMatchObject({ iso_alpha2: 'PT' });
    expect(resolveCountry('Portuguese Republic')).toMatchObject({ iso_alpha2: 'PT' });
    expect(resolveCountry('United Kingdom')).toMatchObject({ iso_alpha2: 'GB' });
    expect(resolveCountry('UK')).toMatchObject({ iso_alpha2: 'GB' });
    expect(resolveCountry('Great Britain')).toMatchObject({ iso_alpha2: 'GB' });
    expect(resolveCountry('Czech Republic')).toMatchObject({ iso_alpha2: 'CZ' });
    expect(resolveCountry('Burma')).toMatchObject({ iso_alpha2: 'MM' });
    expect(resolveCountry('Holland')).toMatchObject({ iso_alpha2: 'NL' });
    expect(resolveCountry('Turkey')).toMatchObject({ iso_alpha2: 'TR' });
  });

  it('ignores case, accents, punctuation, a leading "the", "&" for "and" and "St" for "Saint"', () => {
    for (const query of ["Côte d'Ivoire", "cote d'ivoire", 'COTE D IVOIRE', 'Ivory Coast']) {
      expect(resolveCountry(query)).toMatchObject({ iso_alpha2: 'CI' });
    }
    expect(resolveCountry('São Tomé and Príncipe')).toMatchObject({ iso_alpha2: 'ST' });
    expect(resolveCountry('Sao Tome & Principe')).toMatchObject({ iso_alpha2: 'ST' });
    expect(resolveCountry('Türkiye')).toMatchObject({ iso_alpha2: 'TR' });
    expect(resolveCountry('The Netherlands')).toMatchObject({ iso_alpha2: 'NL' });
    expect(resolveCountry('the Gambia')).toMatchObject({ iso_alpha2: 'GM' });
    expect(resolveCountry('St Lucia')).toMatchObject({ iso_alpha2: 'LC' });
    expect(resolveCountry('Bosnia & Herzegovina')).toMatchObject({ iso_alpha2: 'BA' });
    expect(normalizeCountryName("  The Côte-d'Ivoire ")).toBe('cote d ivoire');
  });

  it('returns null for what is not a country', () => {
    for (const query of ['Portugall', 'XX', 'XYZ', 'Atlantis', '', '   ', 'world', 'England']) expect(resolveCountry(query)).toBeNull();
  });

  it('suggests close spellings and names the query begins', () => {
    expect(suggestCountries('Portugall')).toEqual(['Portugal']);
    expect(suggestCountries('Germny')).toEqual(['Germany']);
    expect(suggestCountries('Spian')).toEqual(['Spain']); // two letters swapped count as one slip
    expect(suggestCountries('Switz')).toEqual(['Switzerland']);
    expect(suggestCountries('Brasil')).toContain('Brazil');
    expect(suggestCountries('Austrlia')[0]).toBe('Australia');
    expect(suggestCountries('Zzzzzzzz')).toEqual([]);
    expect(suggestCountries('XX')).toEqual([]);
    // At most `limit`, one entry per country.
    const guesses = suggestCountries('Guinea', 5);
    expect(guesses.length).toBeLessThanOrEqual(5);
    expect(new Set(guesses).size).toBe(guesses.length);
  });

  it('says which countries have no polygon of their own on the 1:50m world map', () => {
    expect(resolveCountry('Portugal')?.has_outline).toBe(true);
    expect(resolveCountry('Singapore')?.has_outline).toBe(true);
    // Drawn as part of France, too small at 1:50m, or (Kosovo) a polygon without an ISO id.
    for (const query of ['French Guiana', 'Réunion', 'Tuvalu', 'Gibraltar', 'Kosovo']) {
      expect(resolveCountry(query)).toMatchObject({ has_outline: false });
    }
  });
});
