import type { EventType } from './event-types';

/** Dummy `data` for test events of a real type (spec: "the data then holds dummy values"), shaped like the real events. */
export function sampleEventData(type: EventType, webhookId: string): Record<string, unknown> {
  const now = new Date().toISOString();
  switch (type) {
    case 'strategy.deployed':
    case 'strategy.paused':
      return { test: true, strategy_id: 'strat_000000', status: type === 'strategy.deployed' ? 'deployed' : 'paused', dry_run: true, at: now };
    case 'strategy.position_opened':
      return { test: true, strategy_id: 'strat_000000', symbol: 'BTCUSDT', side: 'long', qty: '0.01', price: '50000', at: now };
    case 'strategy.position_closed':
      return { test: true, strategy_id: 'strat_000000', symbol: 'BTCUSDT', side: 'long', qty: '0.01', price: '50500', pnl: '5', at: now };
    case 'strategy.order_skipped':
      return { test: true, strategy_id: 'strat_000000', symbol: 'BTCUSDT', side: 'long', quantity: '0', price: '50000', reason: 'below_min_qty', at: now };
    case 'strategy.error':
      return { test: true, strategy_id: 'strat_000000', code: 'UPSTREAM_FAILED', message: 'test error' };
    case 'backtest.job_done':
      return { test: true, job_id: 'bt_000000', status: 'done' };
    case 'backtest.job_failed':
      return { test: true, job_id: 'bt_000000', status: 'failed', error: { code: 'DATA_UNAVAILABLE', message: 'test error' } };
    case 'account.balance_low':
      return { test: true, asset: 'USDT', available: '90', threshold: '100' };
    case 'webhook.test':
      return { test: true, webhook_id: webhookId, message: 'This is a test event.' };
  }
}
