import { pollHintSeconds } from './accepted-headers';

describe('pollHintSeconds', () => {
  it('suggests a quarter of the estimate, within 2–15 s', () => {
    expect(pollHintSeconds(20)).toBe(5);
    expect(pollHintSeconds(4)).toBe(2);
    expect(pollHintSeconds(600)).toBe(15);
  });

  it('suggests 5 s when there is no estimate', () => {
    expect(pollHintSeconds(undefined)).toBe(5);
    expect(pollHintSeconds(Number.NaN)).toBe(5);
  });
});
