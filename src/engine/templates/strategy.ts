import type { BarStep } from '../indicators/indicator-feed';

/** The position a strategy wants to hold after a closed bar: short, flat or long. */
export type Position = -1 | 0 | 1;

export type Side = 'long' | 'short' | 'both';

/**
 * A template instance: it consumes one closed bar at a time and keeps its
 * indicator state in preallocated buffers. The backtest loop and the live
 * strategy runtime call exactly this, so both take the same decisions.
 *
 * Callers act on a change of the returned position, not on its level: after a
 * stop-loss, take-profit or liquidation the account stays flat until the
 * strategy's desired position changes again (no immediate re-entry).
 */
export interface Strategy {
  onBar(open: number, high: number, low: number, close: number, volume: number): Position;
}

/**
 * Turns a template's per-bar entry and exit conditions into the desired
 * position for the configured side (contract §7): `long` only enters long and
 * exits on the long exit, `short` mirrors it, `both` goes straight from one
 * side to the other on the opposite entry (a reversal).
 */
export class PositionIntent {
  private desired: Position = 0;
  private readonly allowsLong: boolean;
  private readonly allowsShort: boolean;

  constructor(side: Side) {
    this.allowsLong = side !== 'short';
    this.allowsShort = side !== 'long';
  }

  update(longEntry: boolean, shortEntry: boolean, longExit: boolean, shortExit: boolean): Position {
    if (this.allowsLong && longEntry) this.desired = 1;
    else if (this.allowsShort && shortEntry) this.desired = -1;
    else if ((this.desired === 1 && longExit) || (this.desired === -1 && shortExit)) this.desired = 0;
    return this.desired;
  }
}

/**
 * Contract §7: a crossover is a change of sign of (fast − slow) between closed
 * bars; a bar where the two are equal keeps the previous sign. The first sign
 * seen only sets the state: a cross needs a sign before it.
 */
export class CrossoverSign {
  private sign = 0;

  /** +1 on an upward cross, −1 on a downward one, else 0. A NaN difference (indicator not ready) is ignored. */
  update(difference: number): number {
    const sign = difference > 0 ? 1 : difference < 0 ? -1 : 0;
    if (sign === 0 || sign === this.sign) return 0;
    const previous = this.sign;
    this.sign = sign;
    return previous === 0 ? 0 : sign;
  }
}

/** A strategy driven by the crossovers of a difference series: up enters long (or leaves short), down the reverse. */
export function crossoverStrategy(side: Side, difference: BarStep): Strategy {
  const crossover = new CrossoverSign();
  const intent = new PositionIntent(side);
  return {
    onBar(open, high, low, close, volume) {
      const cross = crossover.update(difference(open, high, low, close, volume));
      return intent.update(cross > 0, cross < 0, cross < 0, cross > 0);
    },
  };
}
