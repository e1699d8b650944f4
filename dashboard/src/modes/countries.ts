/**
 * Country suggestions for the composer's country fields, from the countries the map can draw (`./country-list.ts`).
 * The service decides: it reads more spellings than these (official names, "Republic of Turkey"), and names a
 * country it does not know, with its guesses, on the field.
 */
import { COUNTRY_LIST } from './country-list';

export interface CountryOption {
  name: string;
  alpha2: string;
  alpha3: string;
}

const OPTIONS: readonly CountryOption[] = COUNTRY_LIST.map(([name, alpha2, alpha3]) => ({ name, alpha2, alpha3 }));

/** "Côte d'Ivoire" → "cote d ivoire", "Bosnia & Herzegovina" → "bosnia and herzegovina", "The Gambia" → "gambia". */
export function normalizeCountry(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/** The country a code or common name means exactly ("pt", "PRT", "portugal"), or undefined. */
export function findCountry(query: string): CountryOption | undefined {
  const key = normalizeCountry(query);
  if (!key) return undefined;
  return OPTIONS.find((c) => c.alpha2.toLowerCase() === key || c.alpha3.toLowerCase() === key || normalizeCountry(c.name) === key);
}

/**
 * Up to `limit` countries for what was typed: an exact code or name first, then names that begin with it, then names
 * with a word that begins with it ("kingdom" → United Kingdom).
 */
export function searchCountries(query: string, limit = 6): CountryOption[] {
  const key = normalizeCountry(query);
  if (!key) return [];
  const exact = findCountry(query);
  const starts = OPTIONS.filter((c) => normalizeCountry(c.name).startsWith(key));
  const words = OPTIONS.filter((c) =>
    normalizeCountry(c.name)
      .split(' ')
      .some((word) => word.startsWith(key)),
  );
  return [...new Set([...(exact ? [exact] : []), ...starts, ...words])].slice(0, limit);
}
