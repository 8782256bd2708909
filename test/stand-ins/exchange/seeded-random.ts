/**
 * Deterministic pseudo-randomness for the exchange stand-in: every value is a
 * pure function of its labels, so any range of data can be produced on demand
 * and is the same on every run.
 */

// Tests run the stand-ins inside Jest's vm context, where every read of a global such as `Math` goes through
// the context's interceptor: in these per-minute loops that cost more than the arithmetic (18 s against
// 0.2 s outside Jest for one archive test). Module-scope bindings are plain variable reads.
const { floor, imul } = Math;

/** 32-bit FNV-1a of a label, the seed of everything derived from it. */
export function seedOf(label: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < label.length; index += 1) {
    hash ^= label.charCodeAt(index);
    hash = imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A uniform number in [0, 1) from a seed and an index (the finaliser of MurmurHash3). */
export function uniform(seed: number, index: number): number {
  let x = (seed ^ imul(index | 0, 0x9e3779b1) ^ floor(index / 0x100000000)) >>> 0;
  x ^= x >>> 16;
  x = imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return (x >>> 0) / 0x100000000;
}

/** A uniform number in [low, high). */
export function between(seed: number, index: number, low: number, high: number): number {
  return low + uniform(seed, index) * (high - low);
}
