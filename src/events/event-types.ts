import { BREAK_AFTER_FAILURES, PAUSE_AFTER_FAILURES } from '../services/webhooks/webhook-rules';

/**
 * The event catalogue (contract §9, §12, §13, §16): each event type with a
 * description, a JSON Schema of its `data` and an example. It is the one
 * source of the type list: subscriptions are validated against it, test
 * events carry its examples, and `GET /v1/webhooks/event-types` publishes it.
 */
import { CLOSE_REASONS } from '../entities/strategy-position.entity';

export type JsonSchema = Record<string, unknown>;

export interface EventDefinition {
  description: string;
  dataSchema: JsonSchema;
  example: Record<string, unknown>;
}

const string = { type: 'string' };
const decimal = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description: 'Decimal string.' };
const dateTime = { type: 'string', format: 'date-time' };
const integer = { type: 'integer' };
const boolean = { type: 'boolean' };
const side = { type: 'string', enum: ['long', 'short'] };

/** An object schema; further properties may be added to any event's data over time, so receivers should ignore what they do not know. */
function object(required: Record<string, JsonSchema>, optional: Record<string, JsonSchema> = {}): JsonSchema {
  return { type: 'object', properties: { ...required, ...optional }, required: Object.keys(required), additionalProperties: true };
}

const metrics = object({
  sharpe: decimal,
  sortino: decimal,
  calmar: decimal,
  max_drawdown: decimal,
  win_rate: decimal,
  profit_factor: decimal,
  cagr: decimal,
  expected_value: decimal,
  total_trades: integer,
  avg_trade_duration_seconds: integer,
});
const exampleMetrics = {
  sharpe: '1.42',
  sortino: '2.01',
  calmar: '0.88',
  max_drawdown: '0.12',
  win_rate: '0.54',
  profit_factor: '1.6',
  cagr: '0.31',
  expected_value: '12.5',
  total_trades: 48,
  avg_trade_duration_seconds: 51840,
};
const error = object({ code: string, message: string });
const position = {
  strategy_id: string,
  position_id: string,
  symbol: string,
  side,
  quantity: decimal,
  entry_price: decimal,
  fee: decimal,
  opened_at: dateTime,
  dry_run: boolean,
};
const examplePosition = {
  strategy_id: 'strat_1a2b3c',
  position_id: 'pos_4d5e6f',
  symbol: 'BTCUSDT',
  side: 'long',
  quantity: '0.01',
  entry_price: '64250.1',
  fee: '0.257',
  opened_at: '2026-11-23T12:00:00.000Z',
  dry_run: true,
};
const webhookStatus = object({
  webhook_id: string,
  url: { type: 'string', format: 'uri' },
  consecutive_failures: integer,
  reason: { type: 'string', enum: ['failures', 'delivered', 'reactivated'] },
});

export const EVENT_DEFINITIONS = {
  'strategy.deployed': {
    description: 'A signed-API strategy was deployed (live or dry run).',
    dataSchema: object({
      strategy_id: string,
      name: string,
      template_id: string,
      symbols: { type: 'array', items: string },
      timeframe: string,
      capital: decimal,
      leverage: integer,
      dry_run: boolean,
      deployed_at: dateTime,
    }),
    example: {
      strategy_id: 'strat_1a2b3c',
      name: 'BTC trend',
      template_id: 'sma_cross',
      symbols: ['BTCUSDT'],
      timeframe: '1h',
      capital: '1000',
      leverage: 2,
      dry_run: true,
      deployed_at: '2026-11-23T12:00:00.000Z',
    },
  },
  'strategy.paused': {
    description: 'A deployed strategy was paused, with its open positions closed when asked.',
    dataSchema: object({ strategy_id: string, close_positions: boolean, closed_positions: integer, paused_at: dateTime }),
    example: { strategy_id: 'strat_1a2b3c', close_positions: true, closed_positions: 1, paused_at: '2026-11-23T12:00:00.000Z' },
  },
  'strategy.position_opened': {
    description: 'A running strategy opened a position (an entry filled).',
    dataSchema: object(position, { signal_bar_close: dateTime }),
    example: { ...examplePosition, signal_bar_close: '2026-11-23T11:59:59.999Z' },
  },
  'strategy.position_closed': {
    description: 'A running strategy closed a position: on its signal, a pause, a stop-loss, a take-profit, a liquidation, a trailing stop or a protection.',
    dataSchema: object(
      {
        ...position,
        exit_price: decimal,
        pnl: decimal,
        closed_at: dateTime,
        reason: { type: 'string', enum: [...CLOSE_REASONS] },
      },
      { signal_bar_close: dateTime },
    ),
    example: { ...examplePosition, fee: '0.515', exit_price: '64980.4', pnl: '6.79', closed_at: '2026-11-23T16:00:00.000Z', reason: 'signal' },
  },
  'strategy.order_skipped': {
    description: 'A running strategy did not send an entry order because the rounded quantity or notional is below the exchange minimum.',
    dataSchema: object({ strategy_id: string, symbol: string, reason: { type: 'string', enum: ['below_min_qty', 'below_min_notional'] } }, { side }),
    example: { strategy_id: 'strat_1a2b3c', symbol: 'BTCUSDT', side: 'long', reason: 'below_min_notional' },
  },
  'strategy.protection_triggered': {
    description:
      'A running strategy’s protection tripped (contract §19): its positions were closed; after max_drawdown the run paused itself, after daily_loss it opens nothing until 00:00 UTC.',
    dataSchema: object(
      { strategy_id: string, reason: { type: 'string', enum: ['max_drawdown', 'daily_loss'] }, equity: decimal, threshold: decimal },
      { symbol: string },
    ),
    example: { strategy_id: 'strat_1a2b3c', reason: 'max_drawdown', equity: '879.5', threshold: '900', symbol: 'BTCUSDT' },
  },
  'strategy.error': {
    description: 'A running strategy stopped on errors it could not recover from.',
    dataSchema: object({ strategy_id: string, message: string, consecutive_failures: integer }),
    example: { strategy_id: 'strat_1a2b3c', message: 'upstream request failed', consecutive_failures: 5 },
  },
  'backtest.job_done': {
    description: 'A backtest job finished; the metrics are those of GET /v1/backtest/jobs/{id}.',
    dataSchema: object({ job_id: string, status: { const: 'done' }, metrics }),
    example: { job_id: 'bt_1a2b3c4d', status: 'done', metrics: exampleMetrics },
  },
  'backtest.job_failed': {
    description: 'A backtest job failed.',
    dataSchema: object({ job_id: string, status: { const: 'failed' }, error }),
    example: { job_id: 'bt_1a2b3c4d', status: 'failed', error: { code: 'DATA_UNAVAILABLE', message: 'no candles for BTCUSDT in the range' } },
  },
  'backtest.sweep_done': {
    description: 'A parameter sweep finished; its leaderboard is in GET /v1/backtest/sweeps/{id}.',
    dataSchema: object(
      { sweep_id: string, status: { type: 'string', enum: ['done', 'failed', 'cancelled'] } },
      { objective: string, best: object({ params: { type: 'object' }, metrics }) },
    ),
    example: { sweep_id: 'sw_1a2b3c4d', status: 'done', objective: 'sharpe', best: { params: { fast: 10, slow: 30 }, metrics: exampleMetrics } },
  },
  'account.balance_low': {
    description: "A tracked balance went below the receiving webhook's balance_low_threshold (once per crossing).",
    dataSchema: object({ asset: string, balance: decimal, threshold: decimal, source: { type: 'string', enum: ['paper', 'exchange'] } }),
    example: { asset: 'USDT', balance: '90', threshold: '100', source: 'paper' },
  },
  'webhook.test': {
    description: 'Sent by POST /v1/webhooks/{id}/test to that webhook only.',
    dataSchema: object({ test: boolean, webhook_id: string, message: string }),
    example: { test: true, webhook_id: 'wh_1a2b3c4d', message: 'This is a test event.' },
  },
  'webhook.paused': {
    description: `Another webhook of the account was paused after ${PAUSE_AFTER_FAILURES} failed attempts in a row; sent to the account's other active webhooks.`,
    dataSchema: webhookStatus,
    example: { webhook_id: 'wh_1a2b3c4d', url: 'https://example.com/hooks', consecutive_failures: PAUSE_AFTER_FAILURES, reason: 'failures' },
  },
  'webhook.broken': {
    description: `Another webhook of the account broke after ${BREAK_AFTER_FAILURES} failed attempts in a row: nothing more is sent to it until it is reactivated.`,
    dataSchema: webhookStatus,
    example: { webhook_id: 'wh_1a2b3c4d', url: 'https://example.com/hooks', consecutive_failures: BREAK_AFTER_FAILURES, reason: 'failures' },
  },
  'webhook.recovered': {
    description: 'Another webhook of the account is active again: a delivery to it succeeded, or its owner reactivated it.',
    dataSchema: webhookStatus,
    example: { webhook_id: 'wh_1a2b3c4d', url: 'https://example.com/hooks', consecutive_failures: 0, reason: 'delivered' },
  },
} as const satisfies Record<string, EventDefinition>;

export type EventType = keyof typeof EVENT_DEFINITIONS;

export const EVENT_TYPES = Object.keys(EVENT_DEFINITIONS) as EventType[];

export const EVENT_WILDCARDS = ['strategy.*', 'backtest.*', 'account.*', 'webhook.*', '*'] as const;

/** What a webhook's operational events say about it (contract §16). */
export const WEBHOOK_STATUS_EVENTS = ['webhook.paused', 'webhook.broken', 'webhook.recovered'] as const satisfies readonly EventType[];

export function isKnownEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_DEFINITIONS, value);
}

export function isSubscribable(value: string): boolean {
  return isKnownEventType(value) || (EVENT_WILDCARDS as readonly string[]).includes(value);
}

/** Whether a webhook subscribed to `subscriptions` receives an event of `type`; `webhook.test` is sent only by the test endpoint. */
export function subscriptionMatches(subscriptions: readonly string[], type: string): boolean {
  return subscriptions.some((subscription) =>
    subscription === '*' ? true : subscription.endsWith('.*') ? type.startsWith(subscription.slice(0, -1)) : subscription === type,
  );
}

/** The envelope of contract §9: webhook body and subscription payload alike. */
export interface EventEnvelope {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}
