import { useState } from 'preact/hooks';
import { errorMessage, execute } from '../api/graphql-client';
import { formatTime } from '../components/format';
import { ErrorMessage, Loading } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { useAsync } from '../components/use-async';
import {
  CreateWebhookDocument,
  ReactivateWebhookDocument,
  RotateWebhookSecretDocument,
  TestWebhookDocument,
  WebhookEventTypesDocument,
  WebhooksDocument,
  type CreateWebhookMutation,
  type RotateWebhookSecretMutation,
  type TestWebhookMutation,
  type WebhookEventTypesQuery,
  type WebhookFieldsFragment,
} from '../graphql/generated';
import type { Session } from '../session';
import { Deliveries } from './webhook-deliveries';

/** `webhook.test` is sent only by the test button; a webhook cannot subscribe to it. */
const TEST_EVENT = 'webhook.test';

/** Each family's wildcard (`strategy.*`) followed by its event types, in the catalogue's order (contract §16 event types). */
function eventChoices(catalogue: WebhookEventTypesQuery['webhookEventTypes']): { name: string; description: string }[] {
  const choices: { name: string; description: string }[] = [];
  for (const { type, description } of catalogue) {
    if (type === TEST_EVENT) continue;
    const wildcard = `${type.split('.')[0]}.*`;
    if (!choices.some((choice) => choice.name === wildcard)) choices.push({ name: wildcard, description: `Every ${wildcard.slice(0, -2)} event.` });
    choices.push({ name: type, description });
  }
  return choices;
}

function NewWebhook({ session, onCreated }: { session: Session; onCreated: () => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['strategy.*']);
  const [description, setDescription] = useState('');
  const [threshold, setThreshold] = useState('');
  const catalogue = useAsync(() => execute(session.credentials, WebhookEventTypesDocument), [session]);
  const choices = eventChoices(catalogue.data?.webhookEventTypes ?? []);
  const [created, setCreated] = useState<CreateWebhookMutation['createWebhook']>();
  const [error, setError] = useState<string>();

  async function create(event: Event) {
    event.preventDefault();
    setError(undefined);
    try {
      const { createWebhook } = await execute(session.credentials, CreateWebhookDocument, {
        input: { url, events, description: description || null, balanceLowThreshold: threshold || null },
      });
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
          {choices.map(({ name, description: about }) => (
            <label class="inline" key={name} title={about}>
              <input type="checkbox" checked={events.includes(name)} onChange={(event) => toggle(name, event.currentTarget.checked)} /> {name}
            </label>
          ))}
        </fieldset>
        {events.some((name) => name.startsWith('account.')) && (
          <div class="field">
            <label for="webhook-threshold">Low balance threshold (USDT{events.includes('account.balance_low') ? ', required' : ''})</label>
            <input
              id="webhook-threshold"
              inputMode="decimal"
              required={events.includes('account.balance_low')}
              value={threshold}
              onInput={(event) => setThreshold(event.currentTarget.value)}
            />
          </div>
        )}
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

export function Webhooks({ session }: { session: Session }) {
  const webhooks = useAsync(() => execute(session.credentials, WebhooksDocument, {}), [session]);
  const [selected, setSelected] = useState<WebhookFieldsFragment>();
  const [tests, setTests] = useState<Record<string, TestWebhookMutation['testWebhook'] | string>>({});
  const [rotated, setRotated] = useState<{ url: string } & RotateWebhookSecretMutation['rotateWebhookSecret']>();
  const [error, setError] = useState<string>();

  /** A new signing secret, shown once; for 24 hours deliveries carry the previous signature too (contract §16). */
  async function rotate(webhook: WebhookFieldsFragment) {
    setError(undefined);
    try {
      const { rotateWebhookSecret } = await execute(session.credentials, RotateWebhookSecretDocument, { id: webhook.id });
      setRotated({ url: webhook.url, ...rotateWebhookSecret });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  /** A broken webhook gets no more attempts until it is set active again, which resets its failure count (contract §10). */
  async function reactivate(webhook: WebhookFieldsFragment) {
    setError(undefined);
    try {
      await execute(session.credentials, ReactivateWebhookDocument, { id: webhook.id });
      webhooks.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

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
      <ErrorMessage>{webhooks.error ?? error}</ErrorMessage>
      {rotated && (
        <div class="message secret" role="alert">
          <p>
            New signing secret of {rotated.url}, shown only now: <code data-testid="rotated-secret">{rotated.secret}</code>
          </p>
          <p>
            {rotated.secretWarning} Deliveries carry the previous secret&apos;s signature too until {formatTime(rotated.previousSecretExpiresAt)} UTC.
          </p>
        </div>
      )}
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
                <button type="button" onClick={() => setSelected(row)} aria-pressed={selected?.id === row.id} aria-label={`Delivery log of ${row.url}`}>
                  Deliveries
                </button>
                <button type="button" onClick={() => void rotate(row)} aria-label={`Rotate the signing secret of ${row.url}`}>
                  Rotate secret
                </button>
                {row.status !== 'active' && (
                  <button type="button" onClick={() => void reactivate(row)} aria-label={`Reactivate ${row.url}`}>
                    Reactivate
                  </button>
                )}
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
