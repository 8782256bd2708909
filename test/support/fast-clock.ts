/**
 * An exchange clock running `speed` times faster than the wall clock from now
 * on, so 1-minute candles close every 60/speed seconds; `realTimeOf` maps an
 * exchange instant back to the wall clock.
 */
export function fastClock(speed: number) {
  const start = Date.now();
  return {
    now: () => start + (Date.now() - start) * speed,
    realTimeOf: (exchangeTime: number) => start + (exchangeTime - start) / speed,
    candleMs: 60_000 / speed,
  };
}

/** Closes that rise for `half` bars and fall for `half` bars, over and over: SMA crosses every `half` bars. */
export function zigzag(base: number, step: number, half: number): (barIndex: number) => number {
  return (index) => {
    const phase = ((index % (2 * half)) + 2 * half) % (2 * half);
    return base + step * (phase < half ? phase : 2 * half - phase);
  };
}
