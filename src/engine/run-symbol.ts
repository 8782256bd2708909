// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { EXIT_END, EXIT_PROTECTION, EXIT_SIGNAL } from './exit-reason';
import { TRIP_NONE, type EquityGuard } from './protections';
import { lowerBound } from './sorted-search';
import type { SymbolAccount } from './symbol-account';
import type { Strategy } from './templates';
import type { CandleSeries, FundingSeries } from './types';

export interface SymbolRun {
  candles: CandleSeries;
  /** Bars [from, to) of `candles` are simulated. */
  from: number;
  to: number;
  barMs: number;
  funding: FundingSeries | undefined;
  strategy: Strategy;
  account: SymbolAccount;
  /** The symbol's max drawdown, daily loss and cooldown (contract §19); the account reports its exits to it. */
  guard: EquityGuard;
  /** Receives the account's mark-to-market equity at each bar's close; length to − from. */
  equity: Float64Array;
  /** Called every `PROGRESS_STRIDE` bars with the number of bars done since the last call. */
  reportBars: (count: number) => void;
}

/** Progress granularity: frequent enough for a once-a-second progress update, rare enough to cost nothing. */
export const PROGRESS_STRIDE = 65_536;

const NO_FUNDING: FundingSeries = { time: new Float64Array(0), rate: new Float64Array(0) };

/**
 * The bar loop of one symbol. Per bar, in order:
 * 1. a protection tripped at the previous close (max drawdown, daily loss) closes the position at this bar's open
 *    (exit reason `protection`, even when the strategy also asked to exit); then the order decided at the previous
 *    close fills at this bar's open (taker). An entry the guard forbids (after a max drawdown, during a daily-loss
 *    halt or a cooldown) stays pending and fills at the first open it may, if the strategy still wants it then;
 * 2. funding events up to this bar's close are paid on the position then open, marked at this bar's open;
 * 3. stop-loss / trailing stop / liquidation (the nearest), then take-profit, against this bar's range;
 * 4. the strategy sees the closed bar and may change its desired position, to be filled at the next open;
 * 5. equity is marked at the close, and the guard judges it: a trip closes the position at the next open (step 1).
 * A strategy only ever receives bars up to the one it is deciding on, so it cannot see the future.
 * A position still open after the last bar is closed at that bar's close.
 */
export function runSymbol(run: SymbolRun): void {
  const { openTime, open, high, low, close, volume } = run.candles;
  const { account, strategy, equity, barMs, from, to, guard } = run;
  const funding = run.funding ?? NO_FUNDING;
  const fundingTime = funding.time;
  const fundingRate = funding.rate;
  let fundingIndex = lowerBound(fundingTime, openTime[from]!);
  let desired = 0;
  let orderPending = false;
  let protectionPending = false;
  let sinceReport = 0;
  // Most bars are quiet for the guard (protections.ts): three comparisons with these locals instead of a call.
  let quietUntil = guard.quietUntil;
  let quietFloor = guard.quietFloor;
  let quietCeiling = guard.quietCeiling;
  let previousEquity = guard.state.lastEquity;

  for (let bar = from; bar < to; bar++) {
    const barOpen = open[bar]!;
    const barOpenTime = openTime[bar]!;
    const barCloseTime = barOpenTime + barMs;

    if (protectionPending) {
      protectionPending = false;
      if (account.direction !== 0) account.closeAtMarket(barOpen, barOpenTime, EXIT_PROTECTION);
    }
    if (orderPending) {
      orderPending = false;
      if (desired !== account.direction) {
        if (account.direction !== 0) account.closeAtMarket(barOpen, barOpenTime, EXIT_SIGNAL);
        if (desired !== 0) {
          if (guard.mayEnter(barOpenTime)) account.open(desired, barOpen, barOpenTime);
          else orderPending = true;
        }
      }
    }

    while (fundingIndex < fundingTime.length && fundingTime[fundingIndex]! < barCloseTime) {
      if (account.direction !== 0) account.payFunding(fundingRate[fundingIndex]!, barOpen);
      fundingIndex++;
    }

    if (account.direction !== 0) account.exitWithinBar(barOpen, high[bar]!, low[bar]!, barOpenTime, barCloseTime);

    const decision = strategy.onBar(barOpen, high[bar]!, low[bar]!, close[bar]!, volume[bar]!);
    if (decision !== desired) {
      desired = decision;
      orderPending = true;
    }

    const barEquity = account.equity(close[bar]!);
    equity[bar - from] = barEquity;
    if (barOpenTime >= quietUntil || barEquity <= quietFloor || barEquity > quietCeiling) {
      if (guard.afterBar(barOpenTime, barEquity, previousEquity) !== TRIP_NONE) protectionPending = true;
      quietUntil = guard.quietUntil;
      quietFloor = guard.quietFloor;
      quietCeiling = guard.quietCeiling;
    }
    previousEquity = barEquity;

    if (++sinceReport === PROGRESS_STRIDE) {
      sinceReport = 0;
      run.reportBars(PROGRESS_STRIDE);
    }
  }

  const last = to - 1;
  if (account.direction !== 0) {
    account.closeAtMarket(close[last]!, openTime[last]! + barMs, EXIT_END);
    equity[last - from] = account.cash;
  }
  run.reportBars(sinceReport);
}
