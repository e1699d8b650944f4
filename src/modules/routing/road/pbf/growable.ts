type TypedArray = Float64Array | Float32Array | Int32Array | Uint32Array | Int8Array | Uint8Array;
type TypedArrayConstructor<T extends TypedArray> = { new (length: number): T };

/** A typed array that grows by doubling as values are pushed; `done()` answers exactly the values pushed. */
export class Growable<T extends TypedArray> {
  private values: T;
  length = 0;

  constructor(
    private readonly type: TypedArrayConstructor<T>,
    capacity = 1024,
  ) {
    this.values = new type(capacity);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = new this.type(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }

  get(index: number): number {
    return this.values[index];
  }

  /** The values pushed, in an array of their own length (the spare capacity is let go). */
  done(): T {
    return this.values.slice(0, this.length) as T;
  }
}
