/**
 * Binary min-heap of (priority, item) pairs over growable typed arrays; the priority queue of
 * the shortest-path searches (sea network, road network). Ties pop in an order fixed by the push sequence, so searches are
 * deterministic.
 */
export class MinHeap {
  private priorities = new Float64Array(64);
  private items = new Int32Array(64);
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(priority: number, item: number): void {
    if (this.count === this.items.length) this.grow();
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.priorities[parent] <= priority) break;
      this.priorities[i] = this.priorities[parent];
      this.items[i] = this.items[parent];
      i = parent;
    }
    this.priorities[i] = priority;
    this.items[i] = item;
  }

  /** Empties the heap, keeping its arrays (a search reused for the next leg). */
  clear(): void {
    this.count = 0;
  }

  /** Priority of the smallest entry (Infinity when empty). */
  peekPriority(): number {
    return this.count > 0 ? this.priorities[0] : Infinity;
  }

  /** Removes and returns the item with the smallest priority; call only when size > 0. */
  pop(): number {
    const top = this.items[0];
    const lastPriority = this.priorities[--this.count];
    const lastItem = this.items[this.count];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.count) break;
      if (child + 1 < this.count && this.priorities[child + 1] < this.priorities[child]) child++;
      if (this.priorities[child] >= lastPriority) break;
      this.priorities[i] = this.priorities[child];
      this.items[i] = this.items[child];
      i = child;
    }
    this.priorities[i] = lastPriority;
    this.items[i] = lastItem;
    return top;
  }

  private grow(): void {
    const priorities = new Float64Array(this.priorities.length * 2);
    priorities.set(this.priorities);
    const items = new Int32Array(this.items.length * 2);
    items.set(this.items);
    this.priorities = priorities;
    this.items = items;
  }
}
