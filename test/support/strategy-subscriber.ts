import { print } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { EventEnvelope } from '../../src/events/event-types';
import { StrategyEventsDocument } from '../graphql/generated';

/** What the subscription delivers: the contract §9 envelope, as webhooks receive it too. */
export type ReceivedEvent = EventEnvelope;

/** The data of `strategy.position_opened` and `strategy.position_closed` (contract §9), as the runtime sends it. */
export interface PositionEventData {
  strategy_id: string;
  position_id: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: string;
  entry_price: string;
  opened_at: string;
  dry_run: boolean;
  fee: string;
  /** The close time of the candle whose signal the runtime acted on; absent on a close it made for another reason (a pause). */
  signal_bar_close?: string;
  exit_price?: string;
  funding?: string;
  pnl?: string;
  closed_at?: string;
  reason?: string;
}

/** A position event's data, typed; fails the test when `event` is another kind. */
export function positionEventData(event: ReceivedEvent): PositionEventData {
  if (event.type !== 'strategy.position_opened' && event.type !== 'strategy.position_closed') throw new Error(`not a position event: ${event.type}`);
  return event.data as unknown as PositionEventData;
}

/** A graphql-ws subscriber of `strategyEvents` that keeps what arrives, in order, for assertions. */
export interface StrategySubscriber {
  events: ReceivedEvent[];
  /** Errors the server answered the subscription with (e.g. NOT_FOUND for another key's strategy). */
  errors: { message: string; extensions?: Record<string, unknown> }[];
  /** Resolves with the first event (already received or yet to come) that matches. */
  waitFor(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Called with each event as it arrives (e.g. to note its order against other happenings). */
  onEvent?: (event: ReceivedEvent) => void;
  close(): Promise<void>;
}

/** The subscription is registered on the server shortly after the socket acknowledges; this margin covers that. */
const REGISTRATION_MARGIN_MS = 300;

export async function subscribeStrategyEvents(baseUrl: string, connectionParams: Record<string, unknown>, strategyId: string): Promise<StrategySubscriber> {
  const client: Client = createClient({ url: `${baseUrl.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 });
  const events: ReceivedEvent[] = [];
  const errors: StrategySubscriber['errors'] = [];
  const waiters: { predicate: (event: ReceivedEvent) => boolean; resolve: (event: ReceivedEvent) => void }[] = [];
  const subscriber: StrategySubscriber = {
    events,
    errors,
    waitFor: (predicate, timeoutMs = 15_000) => {
      const found = events.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(events.map((event) => event.type))}`)),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
    close: async () => client.dispose(),
  };
  const connected = new Promise<void>((resolve, reject) => {
    client.on('connected', () => resolve());
    client.on('closed', (event) => reject(new Error(`socket closed: ${(event as { code?: number }).code}`)));
  });
  client.subscribe<{ strategyEvents: ReceivedEvent }>(
    { query: print(StrategyEventsDocument), variables: { strategyId } },
    {
      next: (message) => {
        errors.push(...((message.errors ?? []) as StrategySubscriber['errors']));
        const event = message.data?.strategyEvents;
        if (!event) return;
        events.push(event);
        subscriber.onEvent?.(event);
        for (const waiter of waiters.splice(0)) {
          if (waiter.predicate(event)) waiter.resolve(event);
          else waiters.push(waiter);
        }
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
  await connected;
  await new Promise((resolve) => setTimeout(resolve, REGISTRATION_MARGIN_MS));
  return subscriber;
}

/** The first position the run opens and that position's close, as the subscriber receives them. */
export async function firstRoundTrip(subscriber: StrategySubscriber, timeoutMs: number): Promise<{ opened: ReceivedEvent; closed: ReceivedEvent }> {
  const opened = await subscriber.waitFor((event) => event.type === 'strategy.position_opened', timeoutMs);
  const closed = await subscriber.waitFor(
    (event) => event.type === 'strategy.position_closed' && event.data.position_id === opened.data.position_id,
    timeoutMs,
  );
  return { opened, closed };
}
