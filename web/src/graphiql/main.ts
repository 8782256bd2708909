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

const defaultQuery = credentials
  ? '# Signed in from the dashboard: operations run as you.\nquery Me {\n  me {\n    id\n    email\n  }\n}\n'
  : '# Not signed in: public operations only (sign in on the dashboard at / first).\nquery Funding {\n  fundingRates {\n    symbol\n    fundingRate\n  }\n}\n';

const container = document.getElementById('graphiql');
if (container) createRoot(container).render(createElement(GraphiQL, { fetcher, defaultQuery, defaultEditorToolsVisibility: false }));
