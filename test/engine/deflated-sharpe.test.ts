import {
  addTrial,
  deflatedSharpe,
  expectedMaxSharpe,
  inverseNormalCdf,
  mergeTrials,
  NO_TRIALS,
  normalCdf,
  returnMoments,
  trialVariance,
} from '../../src/engine/deflated-sharpe';
import { dailyReturns, sharpeRatio } from '../../src/engine/metrics';
import { simulate } from '../../src/engine/simulate';
import { selectionDeflatedSharpe } from '../../src/engine/sweep-selection';
import { backtestInput, DAY_MS, HOUR_MS, JAN_1_2024, randomWalk } from './candle-factory';
import { plainCdf, plainDeflatedSharpe, plainInverse } from '../support/plain-deflated-sharpe';

describe('deflated Sharpe ratio (Bailey & López de Prado 2014)', () => {
  it.each([-3, -1.5, -0.2, 0, 0.7, 2.3263, 4, 8])('Φ(%d) agrees with direct integration', (x) => {
    expect(normalCdf(x)).toBeCloseTo(plainCdf(x), 10);
  });

  it.each([0.001, 0.01, 0.2, 0.5, 0.9, 0.99, 0.9963212, 0.999])('Φ⁻¹(%d) inverts Φ', (p) => {
    expect(normalCdf(inverseNormalCdf(p))).toBeCloseTo(p, 12);
    expect(inverseNormalCdf(p)).toBeCloseTo(plainInverse(p), 6);
  });

  it("the paper's numerical example: 100 trials, V = 1/2 a year, best SR 2.5 a year, 1,250 days, skew −3, kurtosis 10 → SR₀ ≈ 0.1132 a day, DSR ≈ 0.90", () => {
    // The paper annualises with 250 trading days.
    const variance = 0.5 / 250;
    const sharpe = 2.5 / Math.sqrt(250);
    const plain = plainDeflatedSharpe(sharpe, 1250, -3, 10, 100, variance);
    expect(expectedMaxSharpe(100, variance)).toBeCloseTo(plain.benchmark, 8);
    expect(expectedMaxSharpe(100, variance)).toBeCloseTo(0.1132, 4);
    const deflated = deflatedSharpe({ count: 1250, sharpe, skewness: -3, kurtosis: 10 }, 100, variance);
    expect(deflated).toBeCloseTo(plain.deflated, 8);
    // The paper prints 0.9004 from rounded intermediate values; unrounded it is 0.9001.
    expect(Math.abs(deflated - 0.9004)).toBeLessThan(0.001);
  });

  it('one trial selects nothing: the benchmark is 0 and DSR is the probabilistic Sharpe ratio against 0', () => {
    expect(expectedMaxSharpe(1, 0.3)).toBe(0);
    expect(deflatedSharpe({ count: 101, sharpe: 0.1, skewness: 0, kurtosis: 3 }, 1, 0)).toBeCloseTo(plainCdf((0.1 * 10) / Math.sqrt(1 + 0.5 * 0.01)), 10);
  });

  it('is undefined (NaN, written "0") with fewer than two observations', () => {
    expect(deflatedSharpe(returnMoments(Float64Array.from([0.01])), 10, 0.01)).toBeNaN();
  });

  it('moments of returns: sample-deviation Sharpe, population skewness and kurtosis', () => {
    const returns = Float64Array.from([0.01, -0.02, 0.03, 0.005, -0.001, 0.012]);
    const n = returns.length;
    const mean = returns.reduce((a, b) => a + b) / n;
    const central = (power: number) => returns.reduce((sum, value) => sum + (value - mean) ** power, 0) / n;
    const moments = returnMoments(returns);
    expect(moments.count).toBe(6);
    expect(moments.sharpe).toBeCloseTo(mean / Math.sqrt((central(2) * n) / (n - 1)), 12);
    expect(moments.skewness).toBeCloseTo(central(3) / central(2) ** 1.5, 12);
    expect(moments.kurtosis).toBeCloseTo(central(4) / central(2) ** 2, 12);
  });

  it('trial sums merge across chunks into the sample variance of all trials', () => {
    const sharpes = [0.1, -0.05, 0.2, 0.03, 0.07];
    const first = sharpes.slice(0, 2).reduce(addTrial, NO_TRIALS);
    const second = sharpes.slice(2).reduce(addTrial, NO_TRIALS);
    const mean = sharpes.reduce((a, b) => a + b) / sharpes.length;
    const variance = sharpes.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (sharpes.length - 1);
    const merged = mergeTrials([first, second]);
    expect(merged.count).toBe(5);
    expect(trialVariance(merged)).toBeCloseTo(variance, 14);
  });

  it("a sweep's best row: its daily returns' Sharpe is the metric's, per day", () => {
    const input = backtestInput({ BTCUSDT: randomWalk(24 * 60, 5, JAN_1_2024, HOUR_MS) }, { params: { fast: 5, slow: 20 } });
    const { result } = simulate(input);
    const returns = dailyReturns(Float64Array.from(result.equity_curve, ([, equity]) => Number(equity)));
    expect(returns.length).toBe((24 * 60 * HOUR_MS) / DAY_MS);
    expect(Number(result.metrics.sharpe) / Math.sqrt(365)).toBeCloseTo(sharpeRatio(returns) / Math.sqrt(365), 7);
    const trials = [0.02, -0.01, 0.05].reduce(addTrial, NO_TRIALS);
    const moments = returnMoments(returns);
    const plain = plainDeflatedSharpe(moments.sharpe, moments.count, moments.skewness, moments.kurtosis, 3, trialVariance(trials));
    expect(selectionDeflatedSharpe(input, { fast: 5, slow: 20 }, trials)).toBeCloseTo(plain.deflated, 6);
  });
});
