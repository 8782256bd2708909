/** Event types of contract §9, and the wildcards a webhook may subscribe to. */
export const EVENT_TYPES = [
  'strategy.deployed',
  'strategy.paused',
  'strategy.position_opened',
  'strategy.position_closed',
  'strategy.error',
  /** Contract §12: a live entry below the symbol's minimum quantity or notional, not sent. */
  'strategy.order_skipped',
  'backtest.job_done',
  'backtest.job_failed',
  'account.balance_low',
  'webhook.test',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_WILDCARDS = ['strategy.*', 'backtest.*', 'account.*', '*'] as const;

export function isKnownEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
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
