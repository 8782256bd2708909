// Typed-array ring: every index below is reduced modulo the capacity, so `!` stands in for a guard that would cost speed.
/** The last `capacity` values of one slot, oldest overwritten; a slot's history before the first bar is `initial`. */
export class History {
  capacity = 1;
  buffer = new Float64Array(0);
  private next = 0;

  constructor(private readonly initial: number) {}

  allocate(): void {
    this.buffer = new Float64Array(this.capacity).fill(this.initial);
  }

  push(value: number): void {
    this.buffer[this.next] = value;
    this.next = this.next + 1 === this.capacity ? 0 : this.next + 1;
  }

  /** The value pushed `offset` pushes ago (0 = the last one). */
  at(offset: number): number {
    const index = this.next - 1 - offset;
    return this.buffer[index < 0 ? index + this.capacity : index]!;
  }
}
