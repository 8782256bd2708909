/** Timestamps without zone, as FastAPI serialises a naive UTC datetime (`2026-11-21T01:02:03.456`). */
export function naiveUtc(date: Date): string {
  return date.toISOString().slice(0, -1);
}
