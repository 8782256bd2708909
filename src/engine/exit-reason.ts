/**
 * Why a backtest trade ended (contract §18 `exit_reason`), as a small integer
 * so the trade log keeps it in a typed array; `EXIT_REASONS[code]` is the wire name.
 */
export const EXIT_REASONS = ['signal', 'stop_loss', 'take_profit', 'trailing_stop', 'liquidation', 'protection', 'end'] as const;
export type ExitReasonName = (typeof EXIT_REASONS)[number];

export const EXIT_SIGNAL = 0;
export const EXIT_STOP_LOSS = 1;
export const EXIT_TAKE_PROFIT = 2;
export const EXIT_TRAILING_STOP = 3;
export const EXIT_LIQUIDATION = 4;
export const EXIT_PROTECTION = 5;
export const EXIT_END = 6;

export type ExitReason =
  | typeof EXIT_SIGNAL
  | typeof EXIT_STOP_LOSS
  | typeof EXIT_TAKE_PROFIT
  | typeof EXIT_TRAILING_STOP
  | typeof EXIT_LIQUIDATION
  | typeof EXIT_PROTECTION
  | typeof EXIT_END;
