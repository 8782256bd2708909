import {
  compoundAnnualGrowth,
  computeMetrics,
  dailyReturns,
  maxDrawdown,
  sharpeRatio,
  sortinoRatio,
  tradeStatistics,
  type TradeStatistics,
} from '../../src/engine/metrics';
import { defined } from '../support/defined';

const series = (...values: number[]) => Float64Array.from(values);

function statistics(pnl: number[], durationsSeconds: number[] = pnl.map(() => 60)): TradeStatistics {
  const entryTime = Float64Array.from(pnl, (_, index) => index * 1_000_000);
  const exitTime = Float64Array.from(pnl, (_, index) => index * 1_000_000 + defined(durationsSeconds[index], 'a duration') * 1000);
  return tradeStatistics(Float64Array.from(pnl), entryTime, exitTime, pnl.length);
}

describe('metrics (contract §7), against values worked by hand', () => {
  it('daily returns are E_d / E_(d−1) − 1 between consecutive 00:00 points', () => {
    expect(Array.from(dailyReturns(series(100, 110, 99, 99)))).toEqual([expect.closeTo(0.1, 12), expect.closeTo(-0.1, 12), 0]);
  });

  it('sharpe = mean(r) / sample std(r) · √365', () => {
    // mean 1/15; deviations 1/30, −1/6, 2/15; sample variance 0.0466667/2; std 0.15275252 → 0.43643578 · 19.10497317.
    expect(sharpeRatio(series(0.1, -0.1, 0.2))).toBeCloseTo(8.33809388, 7);
  });

  it('sortino = mean(r) / √(mean over all days of min(r, 0)²) · √365', () => {
    // downside √(0.01/3) = 0.05773503; (1/15)/0.05773503 = 1.15470054 · 19.10497317.
    expect(sortinoRatio(series(0.1, -0.1, 0.2))).toBeCloseTo(22.06052281, 7);
  });

  it('max drawdown is the largest fall from a running peak that starts at the capital', () => {
    expect(maxDrawdown(series(100, 120, 90, 130, 117), 100)).toBeCloseTo(0.25, 12);
    expect(maxDrawdown(series(95, 99), 100)).toBeCloseTo(0.05, 12);
  });

  it('cagr = (E_end / E_start)^(365/days) − 1 over fractional days, −1 once equity is gone', () => {
    expect(compoundAnnualGrowth(1000, 1210, 730)).toBeCloseTo(0.1, 12);
    expect(compoundAnnualGrowth(1000, 1100, 182.5)).toBeCloseTo(0.21, 12);
    expect(compoundAnnualGrowth(1000, 0, 10)).toBe(-1);
    expect(compoundAnnualGrowth(1000, -5, 10)).toBe(-1);
  });

  it('trade statistics use net pnl: win rate, profit factor, expected value, mean duration in whole seconds', () => {
    expect(statistics([10, -5, 20, 0, -15], [60, 120, 90, 30, 31])).toEqual({
      winRate: 0.4,
      profitFactor: 1.5,
      expectedValue: 2,
      count: 5,
      averageDurationSeconds: 66,
    });
  });

  it('computes the wire metrics as decimal strings and integers', () => {
    const metrics = computeMetrics({
      dailyEquity: series(1000, 1100, 990, 1188),
      barEquity: series(1000, 1100, 990, 1188),
      capital: 1000,
      finalEquity: 1188,
      days: 365,
      trades: statistics([120, -30, 98]),
    });
    // Returns 0.1, −0.1, 0.2 (as above); drawdown 1 − 990/1100 = 0.1; over exactly one year cagr = 1188/1000 − 1.
    expect(metrics).toEqual({
      sharpe: '8.33809388',
      sortino: '22.06052281',
      calmar: '1.88',
      max_drawdown: '0.1',
      win_rate: '0.66666667',
      profit_factor: '7.26666667',
      cagr: '0.188',
      expected_value: '62.66666667',
      total_trades: 3,
      avg_trade_duration_seconds: 60,
    });
  });

  it.each([
    ['no trades: win rate, profit factor, expected value and duration', { trades: statistics([]) }, ['win_rate', 'profit_factor', 'expected_value']],
    ['no losing trade: profit factor', { trades: statistics([5, 7]) }, ['profit_factor']],
    ['fewer than two daily returns: sharpe', { dailyEquity: series(1000, 1010) }, ['sharpe']],
    ['zero deviation and no losing day: sharpe and sortino', { dailyEquity: series(1000, 1000, 1000) }, ['sharpe', 'sortino']],
    ['no drawdown: max drawdown and calmar', { barEquity: series(1000, 1001, 1002) }, ['max_drawdown', 'calmar']],
  ] as const)('an undefined value is "0", never Infinity or NaN — %s', (_case, overrides, fields) => {
    const metrics = computeMetrics({
      dailyEquity: series(1000, 1100, 990, 1188),
      barEquity: series(1000, 1100, 990),
      capital: 1000,
      finalEquity: 1188,
      days: 3,
      trades: statistics([1, -1]),
      ...overrides,
    });
    for (const field of fields) expect(metrics[field]).toBe('0');
    expect(JSON.stringify(metrics)).not.toMatch(/Infinity|NaN|e[+-]/);
  });

  it('a return after equity reached zero counts as 0, not a division by zero', () => {
    expect(Array.from(dailyReturns(series(100, 0, 0)))).toEqual([-1, 0]);
  });
});
