import { PhaseTimer } from './phase-timer';

/** A clock the test moves by hand. */
function manualClock(start = 1000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('PhaseTimer', () => {
  it('times a started and stopped phase, and stopping twice changes nothing', () => {
    const clock = manualClock();
    const timer = new PhaseTimer(clock.now);
    const stop = timer.start('claim');
    clock.advance(12.34);
    expect(stop()).toBeCloseTo(12.34);
    clock.advance(50);
    expect(stop()).toBeCloseTo(12.34);
    expect(timer.summary()).toEqual({ phases: { claim: { ms: 12.3, count: 1 } }, notes: {} });
  });

  it('sums the runs of one phase and counts them, overlapping runs each measured on their own', () => {
    const clock = manualClock();
    const timer = new PhaseTimer(clock.now);
    const first = timer.start('progress_writes');
    clock.advance(10);
    const second = timer.start('progress_writes'); // starts while the first still runs
    clock.advance(5);
    first(); // 15
    clock.advance(20);
    second(); // 25
    timer.record('progress_writes', 3);
    expect(timer.summary().phases.progress_writes).toEqual({ ms: 43, count: 3 });
  });

  it('measures nested phases independently: the outer one includes the inner one', () => {
    const clock = manualClock();
    const timer = new PhaseTimer(clock.now);
    const outer = timer.start('render');
    clock.advance(100);
    const inner = timer.start('frames');
    clock.advance(300);
    inner();
    clock.advance(50);
    outer();
    expect(timer.summary().phases).toEqual({ render: { ms: 450, count: 1 }, frames: { ms: 300, count: 1 } });
  });

  it('records the time of a phase whose function throws, and rethrows', async () => {
    const clock = manualClock();
    const timer = new PhaseTimer(clock.now);
    await expect(
      timer.time('routing', async () => {
        clock.advance(40);
        throw new Error('no route');
      }),
    ).rejects.toThrow('no route');
    expect(timer.summary().phases.routing).toEqual({ ms: 40, count: 1 });
  });

  it('answers what a timed function returns, sync or async', async () => {
    const timer = new PhaseTimer();
    await expect(timer.time('props', () => 7)).resolves.toBe(7);
    await expect(timer.time('claim', async () => 'job')).resolves.toBe('job');
    expect(timer.names()).toEqual(['props', 'claim']);
  });

  it('counts a phase still running up to the moment of the summary', () => {
    const clock = manualClock();
    const timer = new PhaseTimer(clock.now);
    timer.start('frames');
    clock.advance(70);
    expect(timer.summary().phases.frames).toEqual({ ms: 70, count: 1 });
    clock.advance(30);
    expect(timer.summary().phases.frames).toEqual({ ms: 100, count: 1 });
  });

  it('switches sequential phases: entering one stops the previous, end() stops the last', () => {
    const clock = manualClock();
    const timer = new PhaseTimer(clock.now);
    const sequence = timer.sequence();
    sequence.enter('first_frame');
    clock.advance(2000);
    sequence.enter('frames');
    clock.advance(30_000);
    sequence.enter('encode');
    clock.advance(800);
    sequence.end();
    clock.advance(999);
    sequence.end();
    expect(timer.summary().phases).toEqual({
      first_frame: { ms: 2000, count: 1 },
      frames: { ms: 30_000, count: 1 },
      encode: { ms: 800, count: 1 },
    });
  });

  it('leaves out the phases that never started, lists the others in the order they first started, and keeps notes', () => {
    const timer = new PhaseTimer(manualClock().now);
    timer.start('storage')();
    timer.start('claim')();
    timer.start('storage')();
    timer.note('browser_launched', false);
    timer.note('frames', 360);
    const summary = timer.summary();
    expect(Object.keys(summary.phases)).toEqual(['storage', 'claim']);
    expect(summary.phases.storage.count).toBe(2);
    expect(summary.phases).not.toHaveProperty('encode');
    expect(summary.notes).toEqual({ browser_launched: false, frames: 360 });
  });

  it('never records a negative time, even from a clock that goes back', () => {
    const clock = manualClock();
    const timer = new PhaseTimer(clock.now);
    const stop = timer.start('claim');
    clock.advance(-5);
    expect(stop()).toBe(0);
    timer.record('queue_wait', -20);
    expect(timer.summary().phases).toEqual({ claim: { ms: 0, count: 1 }, queue_wait: { ms: 0, count: 1 } });
  });

  it('measures with the real clock by default', async () => {
    const timer = new PhaseTimer();
    await timer.time('sleep', () => new Promise((r) => setTimeout(r, 20)));
    const { ms } = timer.summary().phases.sleep;
    expect(ms).toBeGreaterThanOrEqual(15);
    expect(ms).toBeLessThan(1000);
  });
});
