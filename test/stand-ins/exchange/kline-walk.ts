import { between, seedOf, uniform } from './seeded-random';
import { formatPrice, type ListedContract } from './market-universe';

/**
 * K-lines as a seeded random walk of the log price, starting when the
 * exchange's futures market opened. The walk is the same on every run and for
 * any requested range: block sums of the steps are kept per symbol and
 * interval, so bar n costs at most one block of steps.
 */

const INTERVAL_MS: Record<string, number> = {
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '8h': 28_800_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
  '3d': 259_200_000,
  '1w': 604_800_000,
};

/** Milliseconds of an exchange interval ('1m', '4h', …); throws for an interval the exchange does not have. */
export function intervalMs(interval: string): number {
  const length = INTERVAL_MS[interval];
  if (length === undefined) throw new Error(`unknown interval ${interval}`);
  return length;
}

/** Whether the exchange has this interval. */
export function isInterval(interval: string): boolean {
  return interval in INTERVAL_MS;
}

export const WALK_START = Date.UTC(2019, 8, 9);
const BLOCK = 4096;

export type KlineRow = [number, string, string, string, string, string, number, string, number, string, string, string];

class Walk {
  private readonly blockSums: number[] = [0];

  constructor(
    private readonly seed: number,
    private readonly volatility: number,
  ) {}

  step(index: number): number {
    return (uniform(this.seed, index) - 0.5) * 2 * this.volatility;
  }

  /** Sum of the steps before bar `index`: the log return from the start to bar `index`'s open. */
  logReturnAt(index: number): number {
    const block = Math.floor(index / BLOCK);
    while (this.blockSums.length <= block) {
      const start = (this.blockSums.length - 1) * BLOCK;
      let sum = this.blockSums[this.blockSums.length - 1] ?? 0;
      for (let offset = 0; offset < BLOCK; offset += 1) sum += this.step(start + offset);
      this.blockSums.push(sum);
    }
    let sum = this.blockSums[block] ?? 0;
    for (let position = block * BLOCK; position < index; position += 1) sum += this.step(position);
    return sum;
  }
}

const walks = new Map<string, Walk>();

function walkFor(listed: ListedContract, interval: string): Walk {
  const key = `${listed.symbol}:${interval}`;
  let walk = walks.get(key);
  if (!walk) {
    // Per-bar volatility grows with the square root of the bar length, as for a real price.
    walk = new Walk(seedOf(key), 0.0004 * Math.sqrt(intervalMs(interval) / 60_000));
    walks.set(key, walk);
  }
  return walk;
}

/** Bars whose open time lies in [startTime, endTime], at most `limit`, the last one possibly still open at `now`. */
export function klines(listed: ListedContract, interval: string, range: { startTime?: number; endTime?: number; limit: number }, now: number): KlineRow[] {
  const length = intervalMs(interval);
  const lastIndex = Math.floor((Math.min(range.endTime ?? now, now) - WALK_START) / length);
  let firstIndex = range.startTime === undefined ? lastIndex - range.limit + 1 : Math.ceil((range.startTime - WALK_START) / length);
  firstIndex = Math.max(0, firstIndex);
  const walk = walkFor(listed, interval);
  const wickSeed = seedOf(`${listed.symbol}:${interval}:wick`);
  const volumeSeed = seedOf(`${listed.symbol}:${interval}:volume`);
  const rows: KlineRow[] = [];
  let logOpen = walk.logReturnAt(firstIndex);
  for (let index = firstIndex; index <= lastIndex && rows.length < range.limit; index += 1) {
    const logClose = logOpen + walk.step(index);
    const open = listed.basePrice * Math.exp(logOpen);
    const close = listed.basePrice * Math.exp(logClose);
    const high = Math.max(open, close) * (1 + between(wickSeed, 2 * index, 0, 0.002));
    const low = Math.min(open, close) * (1 - between(wickSeed, 2 * index + 1, 0, 0.002));
    const volume = between(volumeSeed, index, 10, 1000);
    const openTime = WALK_START + index * length;
    rows.push([
      openTime,
      formatPrice(listed, open),
      formatPrice(listed, high),
      formatPrice(listed, low),
      formatPrice(listed, close),
      volume.toFixed(3),
      openTime + length - 1,
      (volume * close).toFixed(4),
      Math.round(volume * 3),
      (volume / 2).toFixed(3),
      ((volume / 2) * close).toFixed(4),
      '0',
    ]);
    logOpen = logClose;
  }
  return rows;
}
