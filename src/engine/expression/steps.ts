/** One step of a bar: reads earlier slots of the value array and writes its own. */
export type Step = () => void;

/** The bar being decided, from 0: the index of a computed series' value. */
export interface Clock {
  bar: number;
}

const nothing: Step = () => undefined;

/**
 * The steps as one step, run in order. Each step is called from a call site
 * of its own (up to four to a closure, then nested), not from one loop over
 * an array: a site that sees one function is one V8 can inline, where a loop's
 * single site sees every kind of step and calls each through a lookup.
 */
export function sequence(steps: readonly Step[]): Step {
  if (steps.length > 4) {
    const first = sequence(steps.slice(0, 4));
    const rest = sequence(steps.slice(4));
    return () => {
      first();
      rest();
    };
  }
  const [a = nothing, b = nothing, c = nothing, d = nothing] = steps;
  switch (steps.length) {
    case 0:
      return nothing;
    case 1:
      return a;
    case 2:
      return () => {
        a();
        b();
      };
    case 3:
      return () => {
        a();
        b();
        c();
      };
    default:
      return () => {
        a();
        b();
        c();
        d();
      };
  }
}

/** Writes the bar into the series slots (0 to 4: open, high, low, close, volume), before the steps run. */
export function enterBar(values: Float64Array, open: number, high: number, low: number, close: number, volume: number): void {
  values[0] = open;
  values[1] = high;
  values[2] = low;
  values[3] = close;
  values[4] = volume;
}
