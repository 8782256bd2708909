/**
 * Bailey & López de Prado (2014), written out as the paper gives it with a
 * normal distribution computed the slow, plain way: the reference the
 * engine's deflated Sharpe ratio and the sweeps' selection are checked against.
 */

/** Φ by Simpson's rule over the density from 0 to |x|: slow, plain, and independent of the engine's approximation. */
export function plainCdf(x: number): number {
  const steps = 2_000;
  const h = Math.abs(x) / steps;
  const density = (t: number) => Math.exp((-t * t) / 2) / Math.sqrt(2 * Math.PI);
  let area = density(0) + density(Math.abs(x));
  for (let step = 1; step < steps; step++) area += (step % 2 === 1 ? 4 : 2) * density(step * h);
  const half = (area * h) / 3;
  return x >= 0 ? 0.5 + half : 0.5 - half;
}

/** Φ⁻¹ by bisection on `plainCdf`. */
export function plainInverse(p: number): number {
  let low = -10;
  let high = 10;
  for (let round = 0; round < 60; round++) {
    const middle = (low + high) / 2;
    if (plainCdf(middle) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** Eq. 9-10: the expected best Sharpe ratio of `trials` trials of `variance` (the benchmark), and the probability that `sharpe` beats it. */
export function plainDeflatedSharpe(sharpe: number, observations: number, skewness: number, kurtosis: number, trials: number, variance: number) {
  const gamma = 0.5772156649015329;
  const benchmark = Math.sqrt(variance) * ((1 - gamma) * plainInverse(1 - 1 / trials) + gamma * plainInverse(1 - 1 / (trials * Math.E)));
  const z = ((sharpe - benchmark) * Math.sqrt(observations - 1)) / Math.sqrt(1 - skewness * sharpe + ((kurtosis - 1) / 4) * sharpe ** 2);
  return { benchmark, deflated: plainCdf(z) };
}
