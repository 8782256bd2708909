import 'graphiql/graphiql.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { loadCredentials } from '../api/credentials';
import { graphQLRequestHeaders } from '../api/signing';
import { subscriptionClient } from '../api/subscriptions';

/**
 * GraphiQL, bundled and served by the service (no other host). It signs each
 * request with the credentials the dashboard signed in with in this tab, so
 * operations that need a caller work without pasting headers.
 */
const credentials = loadCredentials();

const signedFetch: typeof fetch = async (input, init) => {
  const body = typeof init?.body === 'string' ? init.body : '';
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(await graphQLRequestHeaders(credentials, body))) headers.set(name, value);
  return fetch(input, { ...init, headers });
};

const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  fetch: signedFetch,
  ...(credentials ? { wsClient: subscriptionClient(credentials) } : {}),
});

const SIGNED_IN_QUERY = '# Signed in from the dashboard: operations run as you.\nquery Me {\n  me {\n    id\n    email\n  }\n}\n';
const SIGNED_OUT_QUERY =
  '# Not signed in: public operations only (sign in on the dashboard at / first).\nquery Funding {\n  fundingRates {\n    symbol\n    fundingRate\n  }\n}\n';
const defaultQuery = credentials ? SIGNED_IN_QUERY : SIGNED_OUT_QUERY;

/**
 * GraphiQL keeps the last query (and its tabs) in localStorage and shows it
 * instead of `defaultQuery`: a query this page wrote for the other sign-in
 * state would then say "Not signed in" to a signed-in user. That one text is
 * swapped for the current one; queries the user wrote stay.
 */
function replaceStaleDefault(): void {
  const stale = credentials ? SIGNED_OUT_QUERY : SIGNED_IN_QUERY;
  const quoted = (text: string) => JSON.stringify(text).slice(1, -1);
  for (const key of ['graphiql:query', 'graphiql:tabState']) {
    const kept = localStorage.getItem(key);
    if (kept === null) continue;
    const fresh = kept === stale ? defaultQuery : kept.split(quoted(stale)).join(quoted(defaultQuery));
    if (fresh !== kept) localStorage.setItem(key, fresh);
  }
}
replaceStaleDefault();

/** The way back, where GraphiQL puts its logo; the IDE takes the dashboard's dark theme. */
const backToDashboard = createElement(GraphiQL.Logo, null, createElement('a', { href: '/', className: 'back-to-dashboard' }, '← Dashboard'));

const container = document.getElementById('graphiql');
if (container) {
  createRoot(container).render(createElement(GraphiQL, { fetcher, defaultQuery, defaultEditorToolsVisibility: false, forcedTheme: 'dark' }, backToDashboard));
}
