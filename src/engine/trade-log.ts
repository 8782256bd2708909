// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { EXIT_REASONS, type ExitReason } from './exit-reason';
import { formatDecimal, InstantFormatter } from './wire-format';
import type { BacktestTrade } from './types';

const INITIAL_CAPACITY = 1024;

function grown<Array extends Float64Array | Int32Array | Uint8Array>(array: Array, capacity: number): Array {
  const larger = new (array.constructor as new (length: number) => Array)(capacity);
  larger.set(array);
  return larger;
}

/**
 * Closed trades of a run in column arrays (float64, see simulate.ts) that
 * double when full, so recording a trade allocates nothing in the bar loop.
 */
export class TradeLog {
  count = 0;
  symbol = new Int32Array(INITIAL_CAPACITY);
  /** 1 long, −1 short. */
  direction = new Int32Array(INITIAL_CAPACITY);
  entryTime = new Float64Array(INITIAL_CAPACITY);
  entryPrice = new Float64Array(INITIAL_CAPACITY);
  exitTime = new Float64Array(INITIAL_CAPACITY);
  exitPrice = new Float64Array(INITIAL_CAPACITY);
  qty = new Float64Array(INITIAL_CAPACITY);
  pnl = new Float64Array(INITIAL_CAPACITY);
  fee = new Float64Array(INITIAL_CAPACITY);
  /** Funding paid while open (negative when received); already in `pnl`. */
  funding = new Float64Array(INITIAL_CAPACITY);
  /** Maximum adverse and favourable excursions, fractions of the entry price (contract §18). */
  mae = new Float64Array(INITIAL_CAPACITY);
  mfe = new Float64Array(INITIAL_CAPACITY);
  /** An `ExitReason` code. */
  exitReason = new Uint8Array(INITIAL_CAPACITY);

  record(
    symbol: number,
    direction: number,
    entryTime: number,
    entryPrice: number,
    exitTime: number,
    exitPrice: number,
    qty: number,
    pnl: number,
    fee: number,
    funding: number,
    mae: number,
    mfe: number,
    exitReason: ExitReason,
  ): void {
    if (this.count === this.symbol.length) this.grow();
    const index = this.count++;
    this.symbol[index] = symbol;
    this.direction[index] = direction;
    this.entryTime[index] = entryTime;
    this.entryPrice[index] = entryPrice;
    this.exitTime[index] = exitTime;
    this.exitPrice[index] = exitPrice;
    this.qty[index] = qty;
    this.pnl[index] = pnl;
    this.fee[index] = fee;
    this.funding[index] = funding;
    this.mae[index] = mae;
    this.mfe[index] = mfe;
    this.exitReason[index] = exitReason;
  }

  /**
   * Trade indices in exit-time order (contract §7). Each symbol's trades are
   * recorded in exit order and symbols one after another, so a stable sort
   * breaks ties by symbol order, then by sequence.
   */
  exitOrder(): number[] {
    const order = Array.from({ length: this.count }, (_, index) => index);
    return order.sort((a, b) => this.exitTime[a]! - this.exitTime[b]!);
  }

  /** Wire trades with `id` 1..n in exit-time order (`order`, from `exitOrder`). */
  toWire(symbols: readonly string[], order = this.exitOrder()): BacktestTrade[] {
    const instants = new InstantFormatter();
    return order.map((index, position) => ({
      id: position + 1,
      side: this.direction[index] === 1 ? 'long' : 'short',
      symbol: symbols[this.symbol[index]!]!,
      entry_time: instants.format(this.entryTime[index]!),
      entry_price: formatDecimal(this.entryPrice[index]!),
      exit_time: instants.format(this.exitTime[index]!),
      exit_price: formatDecimal(this.exitPrice[index]!),
      qty: formatDecimal(this.qty[index]!),
      pnl: formatDecimal(this.pnl[index]!),
      fee: formatDecimal(this.fee[index]!),
      funding: formatDecimal(this.funding[index]!),
      exit_reason: EXIT_REASONS[this.exitReason[index]!]!,
      mae: formatDecimal(this.mae[index]!),
      mfe: formatDecimal(this.mfe[index]!),
    }));
  }

  private grow(): void {
    const capacity = this.symbol.length * 2;
    this.symbol = grown(this.symbol, capacity);
    this.direction = grown(this.direction, capacity);
    this.entryTime = grown(this.entryTime, capacity);
    this.entryPrice = grown(this.entryPrice, capacity);
    this.exitTime = grown(this.exitTime, capacity);
    this.exitPrice = grown(this.exitPrice, capacity);
    this.qty = grown(this.qty, capacity);
    this.pnl = grown(this.pnl, capacity);
    this.fee = grown(this.fee, capacity);
    this.funding = grown(this.funding, capacity);
    this.mae = grown(this.mae, capacity);
    this.mfe = grown(this.mfe, capacity);
    this.exitReason = grown(this.exitReason, capacity);
  }
}
