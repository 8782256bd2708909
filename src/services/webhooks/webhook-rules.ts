/**
 * Contract §10's failure thresholds: consecutive failed attempts (tests
 * included) after which an active webhook is paused for probes, and after
 * which any webhook is broken. The outcome store's SQL takes them as
 * parameters and the event catalogue quotes them, so the rule is read here.
 */
export const PAUSE_AFTER_FAILURES = 20;
export const BREAK_AFTER_FAILURES = 50;
