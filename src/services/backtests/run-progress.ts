/** The share of a run's progress given to loading its history; the simulation moves the rest. */
const LOADING_SHARE = 0.5;

/**
 * The progress of a job or a sweep, in [0, 1], from the share of its history
 * loaded and the share of its simulation done (issue 14, contract §13): a
 * long history load from the exchange moves it too, not only the engine.
 * Linear in both: the sweep store applies its two weights in one SQL statement.
 */
export function runProgress(loaded: number, simulated: number): number {
  return LOADING_SHARE * loaded + (1 - LOADING_SHARE) * simulated;
}
