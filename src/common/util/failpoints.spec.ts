import { parseFailpoints } from './failpoints';

describe('parseFailpoints', () => {
  it('arms the named points', () => {
    expect([...parseFailpoints('intake.before-queue-add=kill, worker.between-uploads=kill')]).toEqual([
      ['intake.before-queue-add', 'kill'],
      ['worker.between-uploads', 'kill'],
    ]);
  });

  it('arms nothing when unset or empty', () => {
    expect(parseFailpoints(undefined).size).toBe(0);
    expect(parseFailpoints('').size).toBe(0);
  });

  it('refuses a point or an action it does not know, rather than silently testing nothing', () => {
    expect(() => parseFailpoints('intake.before-queue-ad=kill')).toThrow(/unknown failpoint/);
    expect(() => parseFailpoints('intake.before-queue-add=pause')).toThrow(/unknown failpoint/);
  });
});
