/** A resettable wake-up call: `notify` ends the current `wait`, or the next one if nobody is waiting yet. */
export class Wakeup {
  private pending = false;
  private resolve?: () => void;

  notify(): void {
    if (this.resolve) {
      this.resolve();
      this.resolve = undefined;
    } else {
      this.pending = true;
    }
  }

  /** Resolves on `notify` or after `ms`, whichever comes first. */
  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.resolve = undefined;
        resolve();
      }, ms);
      this.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
