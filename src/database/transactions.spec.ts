import { SqliteTurns } from './transactions';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SqliteTurns', () => {
  it('runs turns one after another, in arrival order', async () => {
    const turns = new SqliteTurns();
    const log: string[] = [];
    const turn = (name: string) =>
      turns.exclusive(async () => {
        log.push(`${name} begin`);
        await tick();
        log.push(`${name} end`);
      });
    await Promise.all([turn('a'), turn('b'), turn('c')]);
    expect(log).toEqual(['a begin', 'a end', 'b begin', 'b end', 'c begin', 'c end']);
  });

  it('lets the running turn’s own statements through, and makes everyone else’s wait', async () => {
    const turns = new SqliteTurns();
    const log: string[] = [];
    let release!: () => void;
    const held = turns.exclusive(async () => {
      log.push(await turns.exclusive(async () => 'own statement'));
      await new Promise<void>((resolve) => (release = resolve));
      log.push('commit');
    });
    await tick();
    const outside = turns.exclusive(async () => log.push('outside statement'));
    await tick();
    expect(log).toEqual(['own statement']);
    release();
    await Promise.all([held, outside]);
    expect(log).toEqual(['own statement', 'commit', 'outside statement']);
  });

  it('a turn that fails releases the connection', async () => {
    const turns = new SqliteTurns();
    await expect(turns.exclusive(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(turns.exclusive(async () => 'next')).resolves.toBe('next');
  });

  it('runs synchronous work at once when free or inside the turn, after the turn otherwise', async () => {
    const turns = new SqliteTurns();
    expect(turns.whenFree(() => 'now')).toBe('now');
    const log: string[] = [];
    let release!: () => void;
    const held = turns.exclusive(async () => {
      log.push(turns.whenFree(() => 'inside') as string);
      await new Promise<void>((resolve) => (release = resolve));
      log.push('commit');
    });
    await tick();
    const later = turns.whenFree(() => log.push('outside'));
    expect(later).toBeInstanceOf(Promise);
    await tick();
    expect(log).toEqual(['inside']);
    release();
    await Promise.all([held, later]);
    expect(log).toEqual(['inside', 'commit', 'outside']);
  });
});
