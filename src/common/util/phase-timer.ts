/**
 * Where the time of a multi-step task goes: named phases, each started and stopped (or wrapped around a
 * function), summed per name. Phases may nest or overlap (a phase inside another, several runs of one
 * phase at once): each run is measured on its own, so the totals of overlapping phases can add up to more
 * than the wall time, and which phases are sequential is for the caller to say. Pure: no I/O, and the clock
 * can be injected.
 */
export type PhaseNote = string | number | boolean;

export interface PhaseTotal {
  /** Milliseconds over all runs of the phase, rounded to 0.1 ms; a run still going counts up to now. */
  ms: number;
  /** Runs started. */
  count: number;
}

export interface PhaseSummary {
  /** Per phase, in the order the phases first started. A phase that never started is absent. */
  phases: Record<string, PhaseTotal>;
  /** Facts noted along the way (how many frames, whether the browser was launched…). */
  notes: Record<string, PhaseNote>;
}

/** Sequential phases: entering one stops the previous; `end()` stops the last. */
export interface PhaseSequence {
  enter(name: string): void;
  end(): void;
}

interface Total {
  ms: number;
  count: number;
  /** Start times of the runs still going (one object per run: two runs may start at the same instant). */
  open: Set<{ startedAt: number }>;
}

export class PhaseTimer {
  private readonly totals = new Map<string, Total>();
  private readonly notes = new Map<string, PhaseNote>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Starts a run of `name`; the function returned stops it (once: calling it again changes nothing) and answers its ms. */
  start(name: string): () => number {
    const total = this.total(name);
    total.count += 1;
    const run = { startedAt: this.now() };
    total.open.add(run);
    let ms: number | null = null;
    return () => {
      if (ms !== null) return ms;
      ms = Math.max(0, this.now() - run.startedAt);
      total.open.delete(run);
      total.ms += ms;
      return ms;
    };
  }

  /** Runs `fn` as a run of `name`; its time is recorded whether it returns or throws. */
  async time<T>(name: string, fn: () => T | Promise<T>): Promise<T> {
    const stop = this.start(name);
    try {
      return await fn();
    } finally {
      stop();
    }
  }

  /** Adds a run of `name` measured elsewhere. */
  record(name: string, ms: number): void {
    const total = this.total(name);
    total.count += 1;
    total.ms += Math.max(0, ms);
  }

  note(key: string, value: PhaseNote): void {
    this.notes.set(key, value);
  }

  /** Phases that follow one another (frames, then encoding, then muxing), switched at events seen along the way. */
  sequence(): PhaseSequence {
    let stop: (() => number) | null = null;
    return {
      enter: (name) => {
        stop?.();
        stop = this.start(name);
      },
      end: () => {
        stop?.();
        stop = null;
      },
    };
  }

  /** Names of the phases started so far, in the order they first started. */
  names(): string[] {
    return [...this.totals.keys()];
  }

  summary(): PhaseSummary {
    const now = this.now();
    const phases: Record<string, PhaseTotal> = {};
    for (const [name, total] of this.totals) {
      let ms = total.ms;
      for (const run of total.open) ms += Math.max(0, now - run.startedAt);
      phases[name] = { ms: Math.round(ms * 10) / 10, count: total.count };
    }
    return { phases, notes: Object.fromEntries(this.notes) };
  }

  private total(name: string): Total {
    let total = this.totals.get(name);
    if (!total) {
      total = { ms: 0, count: 0, open: new Set() };
      this.totals.set(name, total);
    }
    return total;
  }
}
