import type { FeeRates } from './fees';
import type { TradeLog } from './trade-log';
import { EXIT_LIQUIDATION, EXIT_STOP_LOSS, EXIT_TAKE_PROFIT, EXIT_TRAILING_STOP, type ExitReason } from './exit-reason';
import { protectiveExit, protectiveLevels, STOP, STOP_AT_OPEN, TAKE_PROFIT } from './protective-exit';
import { trailingExtreme, trailingFirst, trailingStopLevel } from './protections';

export interface PositionSizing {
  /** Fraction of equity used as margin. */
  positionSize: number;
  leverage: number;
  /** Fractions of the entry price; NaN when not set. */
  stopLoss: number;
  takeProfit: number;
  /** Fraction of the best price since entry (contract §19); NaN when not set. */
  trailingStop: number;
}

/** Told of every exit, e.g. to start a cooldown after a loss (engine/protections.ts). */
export interface ExitListener {
  noteExit(time: number, pnl: number): void;
}

/**
 * One symbol's share of the account: its cash, its single position and the
 * exits attached to it. All amounts are float64 in the quote currency.
 *
 * Every fee and funding payment is attributed to the position it concerns,
 * so the final equity equals the capital plus the sum of the trades' net pnl.
 */
export class SymbolAccount {
  /** Realised equity: capital ± closed pnl − fees − funding paid so far (including the open position's). */
  cash: number;
  /** 1 long, −1 short, 0 flat. */
  direction = 0;
  private qty = 0;
  private entryPrice = 0;
  private entryTime = 0;
  private entryFee = 0;
  private fundingPaid = 0;
  /** The open position's price range so far (contract §18 mae/mfe): its bars' highs and lows, the entry price included so that mae ≤ 0 ≤ mfe. */
  private rangeHigh = 0;
  private rangeLow = 0;
  private margin = 0;
  private stopLossLevel = 0;
  /** The nearer of the stop-loss and the liquidation price. */
  private stopLevel = 0;
  /** Which of the two `stopLevel` is: `EXIT_STOP_LOSS` or `EXIT_LIQUIDATION`. */
  private stopReason: ExitReason = EXIT_STOP_LOSS;
  private takeProfitLevel = 0;
  /** The best price since entry of the bars before the current one (protections.ts `trailingExtreme`). */
  private trailExtreme = 0;

  constructor(
    capital: number,
    private readonly symbolIndex: number,
    private readonly sizing: PositionSizing,
    private readonly fees: FeeRates,
    private readonly trades: TradeLog,
    private readonly exits?: ExitListener,
  ) {
    this.cash = capital;
  }

  /**
   * Market entry: notional = position_size × equity × leverage (contract §7), quantity not rounded.
   * The fill is `price` moved against the order by the slippage (contract §13).
   */
  open(direction: number, marketPrice: number, time: number): void {
    if (this.cash <= 0) return;
    const price = marketPrice * (1 + direction * this.fees.slippage);
    const notional = this.sizing.positionSize * this.cash * this.sizing.leverage;
    this.direction = direction;
    this.qty = notional / price;
    this.entryPrice = price;
    this.entryTime = time;
    this.entryFee = notional * this.fees.taker;
    this.cash -= this.entryFee;
    this.fundingPaid = 0;
    this.rangeHigh = price;
    this.rangeLow = price;
    this.margin = notional / this.sizing.leverage;
    // An unset stop or take-profit is an infinitely distant level, so the bar checks need no special case.
    const levels = protectiveLevels(direction as 1 | -1, price, this.sizing.stopLoss, this.sizing.takeProfit);
    this.stopLossLevel = levels.stop;
    this.takeProfitLevel = levels.takeProfit;
    this.trailExtreme = price;
    this.updateStopLevel();
  }

  /** Market exit (signal, stop, liquidation, the close at `end`): taker fee, filled `price` moved against the order by the slippage. */
  closeAtMarket(marketPrice: number, time: number, reason: ExitReason): void {
    this.close(marketPrice * (1 - this.direction * this.fees.slippage), time, this.fees.taker, reason);
  }

  private close(price: number, time: number, feeRate: number, reason: ExitReason): void {
    const gross = this.direction * this.qty * (price - this.entryPrice);
    const exitFee = this.qty * price * feeRate;
    this.cash += gross - exitFee;
    const pnl = gross - this.entryFee - exitFee - this.fundingPaid;
    const high = Math.max(this.rangeHigh, price) / this.entryPrice;
    const low = Math.min(this.rangeLow, price) / this.entryPrice;
    const long = this.direction === 1;
    const mae = long ? low - 1 : 1 - high;
    const mfe = long ? high - 1 : 1 - low;
    const fee = this.entryFee + exitFee;
    this.trades.record(this.symbolIndex, this.direction, this.entryTime, this.entryPrice, time, price, this.qty, pnl, fee, this.fundingPaid, mae, mfe, reason);
    this.direction = 0;
    this.exits?.noteExit(time, pnl);
  }

  /** Longs pay a positive rate, shorts receive it; valued at `markPrice`. */
  payFunding(rate: number, markPrice: number): void {
    const amount = this.direction * this.qty * markPrice * rate;
    this.cash -= amount;
    this.fundingPaid += amount;
    this.updateStopLevel();
  }

  /**
   * Intrabar exits of the open position (contract §7, §19): the stops —
   * stop-loss, trailing stop and liquidation, whichever is nearest — are
   * checked before the take-profit; a bar opening beyond the stop fills at
   * its open. Equal levels exit as stop-loss, then trailing stop, then
   * liquidation: the position's own stops act before the exchange would.
   * The take-profit is a resting limit order: it fills at its own price
   * (maker fee) whenever the bar reaches it. Exits inside the bar are stamped
   * at the bar's close time, the first instant at which the bar is known;
   * gap fills at the bar's open time. A position still open carries this
   * bar's range into the next bar's trailing stop.
   */
  exitWithinBar(open: number, high: number, low: number, openTime: number, closeTime: number): void {
    const direction = this.direction as 1 | -1;
    const trailing = trailingStopLevel(direction, this.trailExtreme, this.sizing.trailingStop);
    const trailed = trailingFirst(direction, trailing, this.stopLevel, this.stopReason === EXIT_LIQUIDATION);
    const stop = trailed ? trailing : this.stopLevel;
    const stopReason = trailed ? EXIT_TRAILING_STOP : this.stopReason;
    const exit = protectiveExit(direction, stop, this.takeProfitLevel, open, high, low);
    // The position holds through this bar unless it leaves at the open, so the bar counts toward its excursion (contract §18: bars opening before the exit time).
    if (exit !== STOP_AT_OPEN) this.includeBar(high, low);
    if (exit === STOP_AT_OPEN) this.closeAtMarket(open, openTime, stopReason);
    else if (exit === STOP) this.closeAtMarket(stop, closeTime, stopReason);
    else if (exit === TAKE_PROFIT) this.close(this.takeProfitLevel, closeTime, this.fees.maker, EXIT_TAKE_PROFIT);
    else this.trailExtreme = trailingExtreme(direction, this.trailExtreme, high, low);
  }

  private includeBar(high: number, low: number): void {
    if (high > this.rangeHigh) this.rangeHigh = high;
    if (low < this.rangeLow) this.rangeLow = low;
  }

  equity(markPrice: number): number {
    return this.direction === 0 ? this.cash : this.cash + this.direction * this.qty * (markPrice - this.entryPrice);
  }

  /**
   * Liquidation (contract §7): the position's loss — price move plus funding
   * paid — exceeds its margin (notional / leverage). It is treated as a stop
   * at the price where the loss equals the margin.
   */
  private updateStopLevel(): void {
    const liquidation = this.entryPrice - (this.direction * (this.margin - this.fundingPaid)) / this.qty;
    // The stop-loss wins a tie: the position exits at its own stop before the exchange would liquidate it.
    const liquidationFirst = this.direction * (liquidation - this.stopLossLevel) > 0;
    this.stopLevel = liquidationFirst ? liquidation : this.stopLossLevel;
    this.stopReason = liquidationFirst ? EXIT_LIQUIDATION : EXIT_STOP_LOSS;
  }
}
