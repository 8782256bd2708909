import { useState } from 'preact/hooks';
import { errorMessage, execute } from '../api/graphql-client';
import { formatTime } from '../components/format';
import { ErrorMessage, Loading } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { useAsync } from '../components/use-async';
import {
  CreateWebhookDocument,
  TestWebhookDocument,
  WebhookDeliveriesDocument,
  WebhooksDocument,
  type CreateWebhookMutation,
  type TestWebhookMutation,
  type WebhookDeliveriesQuery,
  type WebhookFieldsFragment,
} from '../graphql/generated';
import type { Session } from '../session';

/** The event types and wildcards of contract §9 a webhook may subscribe to. */
const EVENT_CHOICES = [
  'strategy.*',
  'strategy.deployed',
  'strategy.paused',
  'strategy.position_opened',
  'strategy.position_closed',
  'strategy.error',
  'backtest.*',
  'backtest.job_done',
  'backtest.job_failed',
  'account.balance_low',
];

type Delivery = WebhookDeliveriesQuery['webhookDeliveries']['data'][number];

function NewWebhook({ session, onCreated }: { session: Session; onCreated: () => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['strategy.*']);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<CreateWebhookMutation['createWebhook']>();
  const [error, setError] = useState<string>();

  async function create(event: Event) {
    event.preventDefault();
    setError(undefined);
    try {
      const { createWebhook } = await execute(session.credentials, CreateWebhookDocument, { input: { url, events, description: description || null } });
      setCreated(createWebhook);
      onCreated();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }
  const toggle = (name: string, on: boolean) => setEvents(on ? [...events, name] : events.filter((other) => other !== name));

  return (
    <details class="panel">
      <summary>New webhook</summary>
      <form onSubmit={(event) => void create(event)} aria-label="New webhook">
        <div class="field">
          <label for="webhook-url">HTTPS URL</label>
          <input
            id="webhook-url"
            type="url"
            required
            placeholder="https://example.com/hooks"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
        </div>
        <fieldset class="choices">
          <legend>Events</legend>
          {EVENT_CHOICES.map((name) => (
            <label class="inline" key={name}>
              <input type="checkbox" checked={events.includes(name)} onChange={(event) => toggle(name, event.currentTarget.checked)} /> {name}
            </label>
          ))}
        </fieldset>
        <div class="field">
          <label for="webhook-description">Description (optional)</label>
          <input id="webhook-description" value={description} onInput={(event) => setDescription(event.currentTarget.value)} />
        </div>
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" class="primary">
          Create webhook
        </button>
      </form>
      {created && (
        <div class="message secret" role="alert">
          <p>
            Webhook {created.id} created. Its signing secret is shown only now: <code data-testid="webhook-secret">{created.secret}</code>
          </p>
          <p>{created.secretWarning}</p>
        </div>
      )}
    </details>
  );
}

/** The delivery log of one webhook, newest first, a page at a time. */
function Deliveries({ session, webhook }: { session: Session; webhook: WebhookFieldsFragment }) {
  const [rows, setRows] = useState<Delivery[]>([]);
  const [cursor, setCursor] = useState<string | null>();
  const first = useAsync(async () => {
    const { webhookDeliveries } = await execute(session.credentials, WebhookDeliveriesDocument, { webhookId: webhook.id });
    setRows(webhookDeliveries.data);
    setCursor(webhookDeliveries.nextCursor);
    return webhookDeliveries;
  }, [webhook.id]);
  const [error, setError] = useState<string>();
  async function more() {
    try {
      const { webhookDeliveries } = await execute(session.credentials, WebhookDeliveriesDocument, { webhookId: webhook.id, cursor });
      setRows([...rows, ...webhookDeliveries.data]);
      setCursor(webhookDeliveries.nextCursor);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }
  return (
    <section class="panel" aria-labelledby="deliveries-title">
      <h3 id="deliveries-title">Deliveries to {webhook.url}</h3>
      <ErrorMessage>{first.error ?? error}</ErrorMessage>
      <PagedTable
        caption="Delivery log"
        rows={rows}
        rowKey={(row) => row.id}
        pageSize={20}
        empty="No deliveries yet."
        columns={[
          { label: 'Created', value: (row) => formatTime(row.createdAt) },
          { label: 'Event', value: (row) => row.eventType },
          { label: 'Status', value: (row) => row.status },
          { label: 'Attempts', value: (row) => row.attempts, numeric: true },
          { label: 'HTTP status', value: (row) => row.responseStatus ?? '–', numeric: true },
          { label: 'Time (ms)', value: (row) => row.responseTimeMs ?? '–', numeric: true },
          { label: 'Error', value: (row) => row.error ?? '' },
        ]}
      />
      {cursor && (
        <button type="button" onClick={() => void more()}>
          Load older deliveries
        </button>
      )}
    </section>
  );
}

export function Webhooks({ session }: { session: Session }) {
  const webhooks = useAsync(() => execute(session.credentials, WebhooksDocument, {}), [session]);
  const [selected, setSelected] = useState<WebhookFieldsFragment>();
  const [tests, setTests] = useState<Record<string, TestWebhookMutation['testWebhook'] | string>>({});

  async function test(webhook: WebhookFieldsFragment) {
    setTests({ ...tests, [webhook.id]: 'sending…' });
    try {
      const { testWebhook } = await execute(session.credentials, TestWebhookDocument, { id: webhook.id });
      setTests((previous) => ({ ...previous, [webhook.id]: testWebhook }));
    } catch (failure) {
      setTests((previous) => ({ ...previous, [webhook.id]: errorMessage(failure) }));
    }
    webhooks.reload();
  }
  const testText = (id: string) => {
    const result = tests[id];
    if (result === undefined || typeof result === 'string') return result ?? '';
    return result.delivered
      ? `delivered (${result.responseStatus ?? ''}, ${result.responseTimeMs ?? '?'} ms)`
      : `not delivered: ${result.error ?? result.responseStatus ?? ''}`;
  };

  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <NewWebhook session={session} onCreated={webhooks.reload} />
      {webhooks.loading && !webhooks.data && <Loading what="webhooks" />}
      <ErrorMessage>{webhooks.error}</ErrorMessage>
      <PagedTable
        caption="Your webhooks"
        rows={webhooks.data?.webhooks.data ?? []}
        rowKey={(row) => row.id}
        empty="No webhooks yet."
        columns={[
          { label: 'URL', value: (row) => row.url },
          { label: 'Events', value: (row) => row.events.join(', ') },
          { label: 'Status', value: (row) => row.status, render: (row) => <span class={`status ${row.status}`}>{row.status}</span> },
          { label: 'Failures', value: (row) => row.consecutiveFailures, numeric: true },
          { label: 'Last delivery', value: (row) => formatTime(row.lastDeliveryAt) },
          {
            label: 'Actions',
            value: (row) => row.id,
            render: (row) => (
              <div class="actions">
                <button type="button" onClick={() => void test(row)} aria-label={`Send a test event to ${row.url}`}>
                  Test
                </button>
                <button type="button" onClick={() => setSelected(row)} aria-label={`Delivery log of ${row.url}`}>
                  Deliveries
                </button>
                <span role="status">{testText(row.id)}</span>
              </div>
            ),
          },
        ]}
      />
      {selected && <Deliveries session={session} webhook={selected} />}
    </section>
  );
}
