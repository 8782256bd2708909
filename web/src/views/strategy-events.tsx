import { useEffect, useState } from 'preact/hooks';
import { subscribe, subscriptionClient, type ConnectionState } from '../api/subscriptions';
import { formatTime } from '../components/format';
import { ErrorMessage } from '../components/messages';
import { StrategyEventFeedDocument, type StrategyEventFeedSubscription } from '../graphql/generated';
import type { Session } from '../session';

type StrategyEvent = StrategyEventFeedSubscription['strategyEvents'];

const KEPT_EVENTS = 100;
const STATE_TEXT: Record<ConnectionState, string> = { connecting: 'Connecting…', connected: 'Live', reconnecting: 'Reconnecting…' };

/** The live `strategyEvents` feed of one strategy, newest first; graphql-ws reconnects and resubscribes after a drop. */
export function StrategyEvents({ session, strategyId, name }: { session: Session; strategyId: string; name: string }) {
  const [events, setEvents] = useState<StrategyEvent[]>([]);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [error, setError] = useState<string>();
  useEffect(() => {
    setEvents([]);
    setError(undefined);
    const client = subscriptionClient(session.credentials, setState);
    const stop = subscribe(
      client,
      StrategyEventFeedDocument,
      { strategyId },
      {
        next: ({ strategyEvents }) =>
          setEvents((previous) => [strategyEvents, ...previous.filter((event) => event.id !== strategyEvents.id)].slice(0, KEPT_EVENTS)),
        error: setError,
      },
    );
    return () => {
      stop();
      void client.dispose();
    };
  }, [strategyId, session]);

  return (
    <section class="panel" aria-labelledby="events-title">
      <h3 id="events-title">
        Live events of {name} ({strategyId})
      </h3>
      <p class={`connection ${state}`} role="status" data-testid="feed-state">
        {STATE_TEXT[state]}
      </p>
      <ErrorMessage>{error}</ErrorMessage>
      <ol class="event-feed" role="log" aria-live="polite" aria-label={`Events of ${name}`}>
        {events.length === 0 && <li class="empty">No events yet: deploy or pause the strategy to see one.</li>}
        {events.map((event) => (
          <li key={event.id} data-event-type={event.type}>
            <time dateTime={event.timestamp}>{formatTime(event.timestamp)}</time> <strong>{event.type}</strong>
            <code>{JSON.stringify(event.data)}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
