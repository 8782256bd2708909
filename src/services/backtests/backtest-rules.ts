/**
 * Contract §7 and §13: backtest jobs and sweeps queued or running at once per
 * user (across keys). The stores take it as a parameter of the statement that
 * counts them under the user's creation lock; the limits table quotes it.
 */
export const MAX_ACTIVE_RUNS = 5;
