export interface SmartBatcherOptions<T> {
  /** How many flushes may run at once (e.g. a share of the database pool). */
  maxConcurrentFlushes: number;
  /** The most weight one flush may carry; an item heavier than this still flushes, alone. */
  maxWeight: number;
  /** An item's weight (default 1): e.g. its row count, to keep a statement under the driver's parameter limit. */
  weigh?: (item: T) => number;
}

interface Waiting<T> {
  item: T;
  weight: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Smart batching (group commit) for writes that cost a round trip each. An item submitted while
 * every flush slot is busy waits, and goes out with the others that arrived meanwhile in one
 * flush: one statement, one commit, one syscall pair. An item that finds a free slot flushes at
 * once, so light load sees no added latency; heavy load gets bigger batches, not longer queues.
 *
 * When a flush of several items fails, each of them is flushed again on its own, so one bad item
 * fails only its own caller. `flush` must therefore be all-or-nothing (one atomic statement) or
 * safe to repeat (idempotent queue adds).
 */
export class SmartBatcher<T> {
  private readonly waiting: Waiting<T>[] = [];
  private running = 0;
  private readonly weigh: (item: T) => number;

  constructor(
    private readonly flush: (items: T[]) => Promise<void>,
    private readonly options: SmartBatcherOptions<T>,
  ) {
    this.weigh = options.weigh ?? (() => 1);
  }

  /** Resolves once `item` has been flushed (alone or with others); rejects with its flush's error. */
  submit(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, weight: this.weigh(item), resolve, reject });
      this.startFlushes();
    });
  }

  private startFlushes(): void {
    while (this.running < this.options.maxConcurrentFlushes && this.waiting.length > 0) {
      const batch = this.takeBatch();
      this.running++;
      void this.flushBatch(batch).finally(() => {
        this.running--;
        this.startFlushes();
      });
    }
  }

  /** The oldest waiting items, up to the weight limit (always at least one). */
  private takeBatch(): Waiting<T>[] {
    let count = 0;
    let weight = 0;
    while (count < this.waiting.length && (count === 0 || weight + this.waiting[count].weight <= this.options.maxWeight)) {
      weight += this.waiting[count].weight;
      count++;
    }
    return this.waiting.splice(0, count);
  }

  private async flushBatch(batch: Waiting<T>[]): Promise<void> {
    try {
      await this.flush(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
    } catch (err) {
      if (batch.length === 1) {
        batch[0].reject(err);
        return;
      }
      // Find the culprit: every item gets its own outcome.
      await Promise.all(
        batch.map((w) =>
          this.flush([w.item]).then(
            () => w.resolve(),
            (itemErr: unknown) => w.reject(itemErr),
          ),
        ),
      );
    }
  }
}
