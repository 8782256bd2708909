// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
/**
 * The deflated Sharpe ratio of Bailey and López de Prado, "The Deflated
 * Sharpe Ratio: Correcting for Selection Bias, Backtest Overfitting, and
 * Non-Normality", Journal of Portfolio Management 40 (5), 2014: the
 * probability that the best of N trials has a true Sharpe ratio above zero,
 * once the expected maximum of N unskilled trials is taken as the benchmark.
 * All Sharpe ratios here are per observation (per day), not annualised.
 */

const EULER_MASCHERONI = 0.5772156649015329;

/** Φ, the standard normal CDF, by Hart's (1968) double-precision rational approximation as given by West (2005). */
export function normalCdf(x: number): number {
  const z = Math.abs(x);
  let tail: number;
  if (z > 37) {
    tail = 0;
  } else if (z < 7.07106781186547) {
    const e = Math.exp((-z * z) / 2);
    const numerator =
      ((((((3.52624965998911e-2 * z + 0.700383064443688) * z + 6.37396220353165) * z + 33.912866078383) * z + 112.079291497871) * z + 221.213596169931) * z +
        220.206867912376) *
      e;
    const denominator =
      ((((((8.83883476483184e-2 * z + 1.75566716318264) * z + 16.064177579207) * z + 86.7807322029461) * z + 296.564248779674) * z + 637.333633378831) * z +
        793.826512519948) *
        z +
      440.413735824752;
    tail = numerator / denominator;
  } else {
    const e = Math.exp((-z * z) / 2);
    tail = e / (z + 1 / (z + 2 / (z + 3 / (z + 4 / (z + 0.65))))) / 2.506628274631;
  }
  return x > 0 ? 1 - tail : tail;
}

/** Φ⁻¹ for p in (0, 1): Acklam's rational approximation, refined by one Halley step on `normalCdf` (relative error ~1e-15). */
export function inverseNormalCdf(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : NaN;
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (p < low || p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(p < low ? p : 1 - p));
    const value = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
    x = p < low ? value : -value;
  } else {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
      (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  }
  const error = normalCdf(x) - p;
  const u = error * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/**
 * E[max of N trials' Sharpe ratios] under the null of no skill (the paper's
 * eq. 2, from the Euler-Mascheroni approximation of the maximum of N
 * normals): √V · ((1 − γ) Φ⁻¹(1 − 1/N) + γ Φ⁻¹(1 − 1/(N e))), V the
 * variance of the trials' Sharpe ratios. One trial selects nothing: 0.
 */
export function expectedMaxSharpe(trials: number, variance: number): number {
  if (trials < 2) return 0;
  return Math.sqrt(variance) * ((1 - EULER_MASCHERONI) * inverseNormalCdf(1 - 1 / trials) + EULER_MASCHERONI * inverseNormalCdf(1 - 1 / (trials * Math.E)));
}

export interface ReturnMoments {
  /** Number of observations T. */
  count: number;
  /** mean / sample standard deviation: the observed per-period Sharpe ratio. */
  sharpe: number;
  /** γ3 = m3 / m2^(3/2) (population moments). */
  skewness: number;
  /** γ4 = m4 / m2², not excess: 3 for normal returns. */
  kurtosis: number;
}

export function returnMoments(returns: Float64Array): ReturnMoments {
  const count = returns.length;
  let sum = 0;
  for (const value of returns) sum += value;
  const mean = sum / count;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const value of returns) {
    const deviation = value - mean;
    m2 += deviation ** 2;
    m3 += deviation ** 3;
    m4 += deviation ** 4;
  }
  const sampleDeviation = Math.sqrt(m2 / (count - 1));
  m2 /= count;
  m3 /= count;
  m4 /= count;
  return { count, sharpe: mean / sampleDeviation, skewness: m3 / m2 ** 1.5, kurtosis: m4 / m2 ** 2 };
}

/**
 * DSR = Φ((SR − SR₀) √(T − 1) / √(1 − γ3 SR + (γ4 − 1)/4 SR²)) with SR₀ =
 * `expectedMaxSharpe(trials, variance)` (the paper's eq. 9 and 10). NaN
 * where it is undefined (fewer than two observations, no deviation).
 */
export function deflatedSharpe(moments: ReturnMoments, trials: number, trialVariance: number): number {
  const { count, sharpe, skewness, kurtosis } = moments;
  if (count < 2 || !Number.isFinite(sharpe)) return NaN;
  const spread = 1 - skewness * sharpe + ((kurtosis - 1) / 4) * sharpe * sharpe;
  if (!(spread > 0)) return NaN;
  return normalCdf(((sharpe - expectedMaxSharpe(trials, trialVariance)) * Math.sqrt(count - 1)) / Math.sqrt(spread));
}

/** Count, sum and sum of squares of trial Sharpe ratios: mergeable across the chunks of a sweep. */
export interface TrialSharpes {
  count: number;
  sum: number;
  sum_squares: number;
}

export const NO_TRIALS: TrialSharpes = { count: 0, sum: 0, sum_squares: 0 };

export function addTrial(trials: TrialSharpes, sharpe: number): TrialSharpes {
  return { count: trials.count + 1, sum: trials.sum + sharpe, sum_squares: trials.sum_squares + sharpe * sharpe };
}

export function mergeTrials(parts: readonly TrialSharpes[]): TrialSharpes {
  return parts.reduce(
    (total, part) => ({ count: total.count + part.count, sum: total.sum + part.sum, sum_squares: total.sum_squares + part.sum_squares }),
    NO_TRIALS,
  );
}

/** The sample variance of the trials' Sharpe ratios; 0 with fewer than two. */
export function trialVariance(trials: TrialSharpes): number {
  if (trials.count < 2) return 0;
  return Math.max(0, (trials.sum_squares - (trials.sum * trials.sum) / trials.count) / (trials.count - 1));
}
