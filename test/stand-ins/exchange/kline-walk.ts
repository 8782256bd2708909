import { between, seedOf, uniform } from './seeded-random';
import { formatPrice, type ListedContract } from './market-universe';

/**
 * K-lines as a seeded random walk of the log price, starting when the
 * exchange's futures market opened. The walk is the same on every run and for
 * any requested range: block sums of the steps are kept per symbol, so bar n
 * costs at most one block of steps. There is one walk per symbol, minute by
 * minute, and every interval's bars, the ticker and the mark price read it
 * (`priceAt`), so a symbol's prices agree on every market path.
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

// A module-scope binding: inside Jest's vm context a global read of `Math` per step costs more than the step (see seeded-random.ts).
const { floor } = Math;

export const WALK_START = Date.UTC(2019, 8, 9);
const BLOCK = 1024;
/** Log returns a walk keeps (about 40 MB at most), so a long test run's memory stays bounded. */
const REMEMBERED_RETURNS = 500_000;

export type KlineRow = [number, string, string, string, string, string, number, string, number, string, string, string];

/**
 * The walk is drawn top down so that any minute is cheap to reach, years
 * after the start: each block's total move is drawn first (what a block of
 * steps would add up to), then the block's own steps are shifted evenly to
 * add up to it. The price at a minute costs the block totals before it and
 * at most two blocks of steps, never a pass over every minute since 2019.
 */
class Walk {
  private readonly blockStarts: number[] = [0];
  private readonly adjustments = new Map<number, number>();
  private readonly returns = new Map<number, number>();

  constructor(
    private readonly seed: number,
    private readonly blockSeed: number,
    private readonly volatility: number,
  ) {}

  private rawStep(index: number): number {
    return (uniform(this.seed, index) - 0.5) * 2 * this.volatility;
  }

  /** A block's total move: uniform with the spread of the sum of BLOCK steps. */
  private blockMove(block: number): number {
    return (uniform(this.blockSeed, block) - 0.5) * 2 * this.volatility * Math.sqrt(BLOCK);
  }

  /** What each of a block's steps is shifted by, so that they add up to the block's move. */
  private adjustment(block: number): number {
    let shift = this.adjustments.get(block);
    if (shift === undefined) {
      let raw = 0;
      for (let offset = 0; offset < BLOCK; offset += 1) raw += this.rawStep(block * BLOCK + offset);
      shift = (this.blockMove(block) - raw) / BLOCK;
      this.adjustments.set(block, shift);
    }
    return shift;
  }

  step(index: number): number {
    return this.rawStep(index) + this.adjustment(floor(index / BLOCK));
  }

  /**
   * Sum of the steps before step `index`: the log return from the start to minute `index`'s open.
   * Remembered: bars of an hour or more start each at such a point, and clients read the same bars
   * again and again (a fairness test asks for 500 daily bars 45 times, ~1,000 steps per bar otherwise).
   */
  logReturnAt(index: number): number {
    const known = this.returns.get(index);
    if (known !== undefined) return known;
    const block = floor(index / BLOCK);
    while (this.blockStarts.length <= block) {
      const last = this.blockStarts.length - 1;
      this.blockStarts.push((this.blockStarts[last] ?? 0) + this.blockMove(last));
    }
    const shift = this.adjustment(block);
    let sum = (this.blockStarts[block] ?? 0) + shift * (index - block * BLOCK);
    for (let position = block * BLOCK; position < index; position += 1) sum += this.rawStep(position);
    if (this.returns.size >= REMEMBERED_RETURNS) this.returns.clear();
    this.returns.set(index, sum);
    return sum;
  }
}

const MINUTE = 60_000;
/** Per-minute volatility of the log price. */
const MINUTE_VOLATILITY = 0.0004;
const walks = new Map<string, Walk>();

function walkFor(listed: ListedContract): Walk {
  let walk = walks.get(listed.symbol);
  if (!walk) {
    walk = new Walk(seedOf(`${listed.symbol}:1m`), seedOf(`${listed.symbol}:1m:blocks`), MINUTE_VOLATILITY);
    walks.set(listed.symbol, walk);
  }
  return walk;
}

/** The log return from the walk's start to minute `minute`'s open, walking on from `from` (whose log return is `atFrom`) when that is shorter. */
function logReturnFrom(walk: Walk, from: number, atFrom: number, minute: number): number {
  if (minute - from > BLOCK || minute < from) return walk.logReturnAt(minute);
  let sum = atFrom;
  for (let index = from; index < minute; index += 1) sum += walk.step(index);
  return sum;
}

/** The price at `time`: the close of the minute that holds it, as its 1m bar (still open at `now`) shows. */
export function priceAt(listed: ListedContract, time: number): number {
  return listed.basePrice * Math.exp(walkFor(listed).logReturnAt(Math.max(0, Math.floor((time - WALK_START) / MINUTE) + 1)));
}

/** Bars whose open time lies in [startTime, endTime], at most `limit`, the last one possibly still open at `now` (closing at the current price). */
export function klines(listed: ListedContract, interval: string, range: { startTime?: number; endTime?: number; limit: number }, now: number): KlineRow[] {
  const length = intervalMs(interval);
  const minutesPerBar = length / MINUTE;
  const currentMinute = Math.floor((now - WALK_START) / MINUTE);
  const lastIndex = Math.floor((Math.min(range.endTime ?? now, now) - WALK_START) / length);
  let firstIndex = range.startTime === undefined ? lastIndex - range.limit + 1 : Math.ceil((range.startTime - WALK_START) / length);
  firstIndex = Math.max(0, firstIndex);
  const walk = walkFor(listed);
  const wickSeed = seedOf(`${listed.symbol}:${interval}:wick`);
  const volumeSeed = seedOf(`${listed.symbol}:${interval}:volume`);
  const rows: KlineRow[] = [];
  let openMinute = firstIndex * minutesPerBar;
  let logOpen = walk.logReturnAt(openMinute);
  for (let index = firstIndex; index <= lastIndex && rows.length < range.limit; index += 1) {
    // An open bar closes at the current minute's close, which is the price the ticker and the mark price show.
    const closeMinute = Math.min((index + 1) * minutesPerBar, currentMinute + 1);
    const logClose = logReturnFrom(walk, openMinute, logOpen, closeMinute);
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
    openMinute = (index + 1) * minutesPerBar;
    logOpen = logReturnFrom(walk, closeMinute, logClose, openMinute);
  }
  return rows;
}
