import { useEffect, useState } from 'preact/hooks';
import type { Credentials } from '../api/credentials';
import { errorMessage, execute } from '../api/graphql-client';
import { subscribeResuming, type ConnectionState } from '../api/subscriptions';
import { formatTime } from '../components/format';
import { ErrorMessage } from '../components/messages';
import { StrategyEventFeedDocument, StrategyEventHistoryDocument, type StrategyEventFieldsFragment } from '../graphql/generated';
import type { Session } from '../session';
import { EventDetails } from '../components/event-details';

type StrategyEvent = StrategyEventFieldsFragment;

const KEPT_EVENTS = 100;
const STATE_TEXT: Record<ConnectionState, string> = { connecting: 'Connecting…', connected: 'Live', reconnecting: 'Reconnecting…' };

/** The newest `KEPT_EVENTS` of the strategy's stored events (contract §11), read oldest first a page at a time. */
async function storedEvents(credentials: Credentials, strategyId: string): Promise<StrategyEvent[]> {
  let kept: StrategyEvent[] = [];
  let after: string | null | undefined;
  do {
    const { signedStrategy } = await execute(credentials, StrategyEventHistoryDocument, { id: strategyId, after });
    kept = [...kept, ...signedStrategy.events.data].slice(-KEPT_EVENTS);
    after = signedStrategy.events.nextCursor;
  } while (after);
  return kept;
}

/**
 * One strategy's events, newest first: the stored ones, then live ones from
 * `strategyEvents(after)` subscribed after the newest stored id. After a
 * drop the feed subscribes again after the last id it showed, so the
 * service replays what it missed and nothing twice.
 */
export function StrategyEvents({
  session,
  strategyId,
  name,
  onEvent,
}: {
  session: Session;
  strategyId: string;
  name: string;
  /** Called for each live event. */
  onEvent: (event: StrategyEvent) => void;
}) {
  const [events, setEvents] = useState<StrategyEvent[]>([]);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [error, setError] = useState<string>();
  useEffect(() => {
    setEvents([]);
    setError(undefined);
    setState('connecting');
    let stop: (() => void) | undefined;
    let current = true;
    storedEvents(session.credentials, strategyId).then(
      (stored) => {
        if (!current) return;
        setEvents([...stored].reverse());
        stop = subscribeResuming(
          session.credentials,
          StrategyEventFeedDocument,
          (after) => ({ strategyId, after }),
          ({ strategyEvents }) => strategyEvents.id,
          {
            next: ({ strategyEvents }) => {
              setEvents((previous) => [strategyEvents, ...previous.filter((event) => event.id !== strategyEvents.id)].slice(0, KEPT_EVENTS));
              onEvent(strategyEvents);
            },
            error: setError,
            state: setState,
          },
          stored[stored.length - 1]?.id,
        );
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [strategyId, session]);

  return (
    <section class="panel" aria-labelledby="events-title">
      <h3 id="events-title">
        Events of {name} ({strategyId})
      </h3>
      <p class={`connection ${state}`} role="status" data-testid="feed-state">
        {STATE_TEXT[state]}
      </p>
      <ErrorMessage>{error}</ErrorMessage>
      <ol class="event-feed" role="log" aria-live="polite" aria-label={`Events of ${name}, newest first`}>
        {events.length === 0 && <li class="empty">No events yet: deploy or pause the strategy to see one.</li>}
        {events.map((event) => (
          <li key={event.id} data-event-id={event.id} data-event-type={event.type}>
            <time dateTime={event.timestamp}>{formatTime(event.timestamp)}</time> <strong>{event.type}</strong>
            <EventDetails data={event.data} />
          </li>
        ))}
      </ol>
    </section>
  );
}
