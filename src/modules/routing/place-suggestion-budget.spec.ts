import { preloadGazetteer } from './gazetteer';
import { PlaceSuggestionBudget, SUGGESTED_PLACES_PER_REQUEST } from './place-suggestion-budget';

describe('PlaceSuggestionBudget', () => {
  beforeAll(() => preloadGazetteer());

  it('looks up close matches for the first three unknown names of a request, and none after', () => {
    const budget = new PlaceSuggestionBudget();
    expect(SUGGESTED_PLACES_PER_REQUEST).toBe(3);
    expect(budget.suggest('Lisbn')?.[0]).toBe('Lisbon (PT)');
    expect(budget.suggest('Xqzvwk')).toEqual([]); // a lookup that found nothing is spent all the same
    expect(budget.suggest('Sao Paolo', 1)).toEqual(['São Paulo (BR)']);
    expect(budget.suggest('Lisbn')).toBeNull();
    expect(budget.suggest('Sao Paolo')).toBeNull();
  });

  it('stops looking once its time is spent, whatever the count left', () => {
    const spent = new PlaceSuggestionBudget(3, 0);
    expect(spent.suggest('Lisbn')).toBeNull();
    expect(spent.suggest('Lisbn')).toBeNull();
    const one = new PlaceSuggestionBudget(1);
    expect(one.suggest('Lisbn')).not.toBeNull();
    expect(one.suggest('Lisbn')).toBeNull();
  });
});
