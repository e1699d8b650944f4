import { SUGGESTION_LOOKUP_MS, suggestPlaces } from './gazetteer';

/** Unknown places of one request that get close matches (contract §27); the others get their issue without. */
export const SUGGESTED_PLACES_PER_REQUEST = 3;

/**
 * What one request (a render, a preview, a whole batch, a template) may spend on suggesting places for names the
 * gazetteer does not know: lookups for its first three unknown names, all within 50 ms from the first (each lookup
 * stops at that deadline with what it found). An exact name costs one Map lookup and is never counted; a close
 * spelling is found through the gazetteer's trigram index. So a batch of 1,250 unknown names answers its 400 at
 * once, and holds the event loop no longer than any other request.
 */
export class PlaceSuggestionBudget {
  private left: number;
  private deadline?: number;

  constructor(
    places = SUGGESTED_PLACES_PER_REQUEST,
    private readonly ms = SUGGESTION_LOOKUP_MS,
  ) {
    this.left = places;
  }

  /** Close matches for `name`, a place that did not resolve (`suggestPlaces`); null when the request's budget is spent. */
  suggest(name: string, limit = 5): string[] | null {
    if (this.left <= 0) return null;
    const now = performance.now();
    this.deadline ??= now + this.ms;
    if (now >= this.deadline) {
      this.left = 0;
      return null;
    }
    this.left--;
    return suggestPlaces(name, limit, this.deadline);
  }
}
