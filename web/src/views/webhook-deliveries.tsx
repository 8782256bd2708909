import { useState } from 'preact/hooks';
import { errorMessage, execute } from '../api/graphql-client';
import { formatTime } from '../components/format';
import { ErrorMessage } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { TextField } from '../components/run-settings';
import { useAsync } from '../components/use-async';
import { useCursorPages } from '../components/use-cursor-pages';
import {
  RecoverWebhookDocument,
  RedeliverWebhookDeliveryDocument,
  WebhookDeliveriesDocument,
  WebhookDeliveryAttemptsDocument,
  type WebhookDeliveriesQuery,
  type WebhookFieldsFragment,
} from '../graphql/generated';
import type { Session } from '../session';

type Delivery = WebhookDeliveriesQuery['webhookDeliveries']['data'][number];

const DAY_MS = 86_400_000;

/** Every attempt of one delivery, newest first, with the start of the receiver's answer (contract §16). */
function Attempts({ session, webhookId, delivery }: { session: Session; webhookId: string; delivery: Delivery }) {
  const attempts = useAsync(
    async () => (await execute(session.credentials, WebhookDeliveryAttemptsDocument, { webhookId, deliveryId: delivery.id })).webhookDeliveryAttempts.data,
    [delivery.id, delivery.attempts],
  );
  return (
    <>
      <ErrorMessage>{attempts.error}</ErrorMessage>
      <PagedTable
        caption={`Attempts of ${delivery.eventType} (${delivery.eventId})`}
        rows={attempts.data ?? []}
        rowKey={(row) => row.attemptedAt}
        empty={attempts.loading ? 'Loading attempts…' : 'No attempt yet.'}
        columns={[
          { label: 'Attempted', value: (row) => formatTime(row.attemptedAt) },
          { label: 'HTTP status', value: (row) => row.responseStatus ?? '–', numeric: true },
          { label: 'Time (ms)', value: (row) => row.responseTimeMs ?? '–', numeric: true },
          { label: 'Error', value: (row) => row.error ?? '' },
          { label: 'Answer (first 1,024 characters)', value: (row) => row.responseBody ?? '', render: (row) => <code>{row.responseBody ?? ''}</code> },
        ]}
      />
    </>
  );
}

/** Sends again every delivery that failed since a time (at most 14 days back; the form offers the last day). */
function RecoverForm({ session, webhook, onRecovered }: { session: Session; webhook: WebhookFieldsFragment; onRecovered: () => void }) {
  const [since, setSince] = useState(() => new Date(Date.now() - DAY_MS).toISOString().slice(0, 16));
  const [outcome, setOutcome] = useState<string>();
  async function recover(event: Event) {
    event.preventDefault();
    try {
      const { recoverWebhook } = await execute(session.credentials, RecoverWebhookDocument, { id: webhook.id, since: `${since}:00Z` });
      setOutcome(`${recoverWebhook.requeued} failed ${recoverWebhook.requeued === 1 ? 'delivery' : 'deliveries'} sent again.`);
      onRecovered();
    } catch (failure) {
      setOutcome(errorMessage(failure));
    }
  }
  return (
    <form class="inline-form action-row" onSubmit={(event) => void recover(event)} aria-label={`Send failed deliveries to ${webhook.url} again`}>
      <TextField id="recover-since" label="Failed since (UTC, at most 14 days back)" type="datetime-local" value={since} onInput={setSince} />
      <button type="submit">Send failed deliveries again</button>
      <p role="status">{outcome}</p>
    </form>
  );
}

/** The delivery log of one webhook, newest first, a page at a time, with each delivery's attempts and a redelivery. */
export function Deliveries({ session, webhook }: { session: Session; webhook: WebhookFieldsFragment }) {
  const deliveries = useCursorPages(
    async (cursor) => (await execute(session.credentials, WebhookDeliveriesDocument, { webhookId: webhook.id, cursor })).webhookDeliveries,
    [webhook.id],
  );
  const [inspected, setInspected] = useState<Delivery>();
  const [error, setError] = useState<string>();
  const shown = inspected && deliveries.rows.find((row) => row.id === inspected.id);

  async function redeliver(delivery: Delivery) {
    setError(undefined);
    try {
      await execute(session.credentials, RedeliverWebhookDeliveryDocument, { webhookId: webhook.id, deliveryId: delivery.id });
      deliveries.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section class="panel" aria-labelledby="deliveries-title">
      <h3 id="deliveries-title">Deliveries to {webhook.url}</h3>
      <RecoverForm session={session} webhook={webhook} onRecovered={deliveries.reload} />
      <ErrorMessage>{deliveries.error ?? error}</ErrorMessage>
      <PagedTable
        caption="Delivery log"
        rows={deliveries.rows}
        rowKey={(row) => row.id}
        pageSize={20}
        empty="No deliveries yet."
        columns={[
          { label: 'Created', value: (row) => formatTime(row.createdAt) },
          { label: 'Event', value: (row) => row.eventType },
          { label: 'Status', value: (row) => row.status, render: (row) => <span class={`status ${row.status}`}>{row.status}</span> },
          { label: 'Attempts', value: (row) => row.attempts, numeric: true },
          { label: 'HTTP status', value: (row) => row.responseStatus ?? '–', numeric: true },
          { label: 'Time (ms)', value: (row) => row.responseTimeMs ?? '–', numeric: true },
          { label: 'Error', value: (row) => row.error ?? '' },
          {
            label: 'Actions',
            value: (row) => row.id,
            render: (row) => (
              <div class="actions">
                <button
                  type="button"
                  onClick={() => setInspected(row)}
                  aria-pressed={inspected?.id === row.id}
                  aria-label={`Attempts of delivery ${row.id} (${row.eventType})`}
                >
                  Attempts
                </button>
                {row.status === 'failed' && (
                  <button type="button" onClick={() => void redeliver(row)} aria-label={`Send delivery ${row.id} again`}>
                    Redeliver
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
      {deliveries.hasMore && (
        <button type="button" onClick={() => void deliveries.more()}>
          Load older deliveries
        </button>
      )}
      {shown && <Attempts session={session} webhookId={webhook.id} delivery={shown} />}
    </section>
  );
}
