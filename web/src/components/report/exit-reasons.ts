import type { SeriesMarkerShape } from 'lightweight-charts';
import type { ExitReason } from './report-types';

/**
 * How each exit reason looks wherever it is drawn (the candle chart's
 * markers, their legend, the breakdown table, the excursion scatter):
 * the stops the account places are squares, the trailing stop and the
 * protections stand apart by shape and colour (issue 28), in the order
 * the engine documents the reasons.
 */
export const EXIT_STYLES: Record<ExitReason, { label: string; marker: string; color: string; shape: SeriesMarkerShape }> = {
  signal: { label: 'Signal', marker: 'Exit', color: '#e2e8f0', shape: 'circle' },
  stop_loss: { label: 'Stop-loss', marker: 'SL', color: '#ef4444', shape: 'square' },
  take_profit: { label: 'Take-profit', marker: 'TP', color: '#22c55e', shape: 'square' },
  trailing_stop: { label: 'Trailing stop', marker: 'Trail', color: '#f59e0b', shape: 'arrowDown' },
  protection: { label: 'Protection', marker: 'Protect', color: '#c084fc', shape: 'arrowDown' },
  liquidation: { label: 'Liquidation', marker: 'Liq', color: '#f43f5e', shape: 'square' },
  end: { label: 'End of range', marker: 'End', color: '#94a3b8', shape: 'circle' },
};

export const EXIT_REASONS = Object.keys(EXIT_STYLES) as ExitReason[];
