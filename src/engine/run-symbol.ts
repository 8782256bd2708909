// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { EXIT_END, EXIT_SIGNAL } from './exit-reason';
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
 * 1. the order decided at the previous close fills at this bar's open (taker);
 * 2. funding events up to this bar's close are paid on the position then open, marked at this bar's open;
 * 3. stop-loss / liquidation, then take-profit, against this bar's range;
 * 4. the strategy sees the closed bar and may change its desired position, to be filled at the next open;
 * 5. equity is marked at the close.
 * A strategy only ever receives bars up to the one it is deciding on, so it cannot see the future.
 * A position still open after the last bar is closed at that bar's close.
 */
export function runSymbol(run: SymbolRun): void {
  const { openTime, open, high, low, close, volume } = run.candles;
  const { account, strategy, equity, barMs, from, to } = run;
  const funding = run.funding ?? NO_FUNDING;
  const fundingTime = funding.time;
  const fundingRate = funding.rate;
  let fundingIndex = lowerBound(fundingTime, openTime[from]!);
  let desired = 0;
  let orderPending = false;
  let sinceReport = 0;

  for (let bar = from; bar < to; bar++) {
    const barOpen = open[bar]!;
    const barOpenTime = openTime[bar]!;
    const barCloseTime = barOpenTime + barMs;

    if (orderPending) {
      orderPending = false;
      if (desired !== account.direction) {
        if (account.direction !== 0) account.closeAtMarket(barOpen, barOpenTime, EXIT_SIGNAL);
        if (desired !== 0) account.open(desired, barOpen, barOpenTime);
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

    equity[bar - from] = account.equity(close[bar]!);

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
