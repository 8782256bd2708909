import { createHmac } from 'node:crypto';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { PublicStrategy } from '../../src/entities/public-strategy.entity';
import { MAX_QUERY_COST } from '../../src/schema/query-limits';
import { request } from '../support/http';
import { bearer, newAccount, signIn, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';

/** Contract §14's error rules, one row per rule: the status and the body a client sees. */

const VALIDATION_NUL = (loc: (string | number)[]) => ({ detail: [{ loc, msg: 'Value error, text must not contain the NUL character', type: 'value_error' }] });

/** What these tests read of an answer: GraphQL's `errors` and `extensions`; documented REST bodies are compared whole. */
interface Answer {
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: { cost?: { requested: number; limit: number } };
}

async function raw(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer) {
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as Answer };
}

function graphqlBody(query: string, variables?: Record<string, unknown>, operationName?: string) {
  return JSON.stringify({ query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) });
}

describe('client mistakes are 4xx with the documented bodies (contract §14)', () => {
  let world: OutsideWorld;
  let service: TestService;
  let token: string;

  beforeAll(async () => {
    world = await startOutsideWorld();
    service = await startTestService({ ...world.env, CORS_ORIGINS: 'https://dash.example.com' });
    token = (await signIn(service.url, world, 'errors@example.com')).token;
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  describe('malformed percent-escapes in a path answer 400', () => {
    it.each([
      ['/strategies/%zz', { detail: 'malformed percent-escape in the path' }],
      ['/funding/rates/%FF', { detail: 'malformed percent-escape in the path' }],
      ['/api-key/status/%E0%A4%A', { detail: 'malformed percent-escape in the path' }],
      ['/v1/webhooks/%E0%A4%A', { error: { code: 'BAD_REQUEST', message: 'malformed percent-escape in the path' } }],
    ])('GET %s', async (path, body) => {
      const response = await raw(service.url, 'GET', path);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(body);
    });
  });

  describe('the NUL character is a validation error before any query runs', () => {
    it('in a public body: 422 at its field', async () => {
      const response = await request(service.url, 'POST', '/strategies', { json: { name: 'a\u0000b' } });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(VALIDATION_NUL(['body', 'name']));
    });

    it('deep in a body nested 50,000 levels: 422 at its place, found without recursion', async () => {
      const depth = 50_000;
      const body = `{"name":"n","author":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}}`;
      const response = await raw(service.url, 'POST', '/strategies', { 'content-type': 'application/json' }, body);
      expect(response.status).toBe(422);
      const [issue] = (response.body as unknown as { detail: { loc: (string | number)[]; type: string }[] }).detail;
      expect(issue?.loc.slice(0, 3)).toEqual(['body', 'author', 0]);
      expect(issue?.loc).toHaveLength(depth + 2);
    });

    it('in a path parameter: 422 at the path', async () => {
      const response = await raw(service.url, 'GET', '/api-key/status/%00');
      expect(response.status).toBe(422);
      expect(response.body).toEqual(VALIDATION_NUL(['path']));
    });

    it('in a query parameter: 422 at the parameter', async () => {
      const response = await raw(service.url, 'GET', '/stock/v1/klines?symbol=%00');
      expect(response.status).toBe(422);
      expect(response.body).toEqual(VALIDATION_NUL(['query', 'symbol']));
    });

    it('in a signed body: 400 INVALID_PARAMETER naming the field', async () => {
      const { call } = await newAccount(service.url, world, 'nul-signed@example.com', ['webhooks:write']);
      const response = await call('POST', '/v1/webhooks', { url: 'https://example.com/hook', events: ['strategy.*'], description: 'a\u0000b' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { code: 'INVALID_PARAMETER', message: 'description: text must not contain the NUL character', field: 'description' },
      });
    });

    it('in a GraphQL variable: 400 BAD_USER_INPUT', async () => {
      const response = await raw(
        service.url,
        'POST',
        '/graphql',
        { 'content-type': 'application/json' },
        graphqlBody('mutation ($input: CreatePublicStrategyInput!) { createStrategy(input: $input) { id } }', { input: { name: 'a\u0000b' } }),
      );
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(response.body.errors?.[0]?.message).toBe('variable $input.name must not contain the NUL character');
    });

    it('in a GraphQL string literal: 400 GRAPHQL_VALIDATION_FAILED', async () => {
      const response = await raw(
        service.url,
        'POST',
        '/graphql',
        { 'content-type': 'application/json' },
        graphqlBody('mutation { createStrategy(input: {name: "a\\u0000b"}) { id } }'),
      );
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });
  });

  it('a capital of 60 nines is a validation error, not a numeric overflow', async () => {
    const { call } = await newAccount(service.url, world, 'overflow@example.com');
    const response = await call('POST', '/v1/strategies', {
      name: 'big',
      template_id: 'sma_cross',
      params: { fast: 2, slow: 3 },
      symbols: ['BTCUSDT'],
      timeframe: '1h',
      capital: '9'.repeat(60),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'INVALID_PARAMETER', field: 'capital' } });
  });

  describe('a body that does not decode as its Content-Encoding says', () => {
    it.each([
      ['gzip', 400, { detail: 'the request body could not be read as its headers describe' }],
      ['compress', 415, { detail: 'unsupported Content-Encoding' }],
    ])('Content-Encoding: %s answers %i', async (encoding, status, body) => {
      const response = await raw(service.url, 'POST', '/strategies', { 'content-type': 'application/json', 'content-encoding': encoding }, '{"name":"x"}');
      expect(response.status).toBe(status);
      expect(response.body).toEqual(body);
    });
  });

  describe('a known path called with a method it does not have answers 405 with Allow', () => {
    it.each([
      ['PATCH', '/strategies', 'GET, HEAD, POST', { detail: 'Method Not Allowed' }],
      ['POST', '/funding/rates', 'GET, HEAD', { detail: 'Method Not Allowed' }],
      ['PUT', '/v1/webhooks/1', 'DELETE, GET, HEAD, PATCH', { error: { code: 'METHOD_NOT_ALLOWED', message: 'Method Not Allowed' } }],
      ['DELETE', '/healthz', 'GET, HEAD', { detail: 'Method Not Allowed' }],
    ])('%s %s', async (method, path, allow, body) => {
      const response = await raw(service.url, method, path);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.body).toEqual(body);
    });

    it('/graphql answers 405 with Allow in GraphQL shape', async () => {
      const response = await raw(service.url, 'PUT', '/graphql', { 'content-type': 'application/json' }, graphqlBody('{ strategies { id } }'));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, POST');
      expect(response.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    });

    it('an unknown path is still 404', async () => {
      const response = await raw(service.url, 'PATCH', '/no/such/path');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Not Found' });
    });
  });

  describe('GraphQL client mistakes answer HTTP 400 with extensions.code', () => {
    const post = (body: string) => raw(service.url, 'POST', '/graphql', { 'content-type': 'application/json' }, body);
    const byId = 'query ($id: Int!) { strategy(id: $id) { id } }';
    it.each([
      ['an unknown operationName', graphqlBody('query A { strategies { id } }', undefined, 'B'), 'OPERATION_RESOLUTION_FAILURE'],
      ['an Int variable of 2147483648', graphqlBody(byId, { id: 2147483648 }), 'BAD_USER_INPUT'],
      ['null for a non-null variable', graphqlBody(byId, { id: null }), 'BAD_USER_INPUT'],
      ['a missing variable', graphqlBody(byId, {}), 'BAD_USER_INPUT'],
      ['a variable of the wrong type', graphqlBody(byId, { id: 'seven' }), 'BAD_USER_INPUT'],
      ['a fragment cycle', graphqlBody('query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }'), 'GRAPHQL_VALIDATION_FAILED'],
      ['a syntax error', graphqlBody('query {'), 'GRAPHQL_PARSE_FAILED'],
      ['a body that is not JSON', '{"query":', 'BAD_REQUEST'],
    ])('%s', async (_name, body, code) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]?.extensions?.code).toBe(code);
      expect(JSON.stringify(response.body)).not.toMatch(/stacktrace|node_modules|\.ts:\d/);
    });

    it('invalid credentials are 401 UNAUTHENTICATED without a stack trace', async () => {
      const response = await raw(
        service.url,
        'POST',
        '/graphql',
        { 'content-type': 'application/json', ...bearer('not-a-token') },
        graphqlBody('{ me { id } }'),
      );
      expect(response.status).toBe(401);
      expect(response.body.errors?.map((error) => error.extensions)).toEqual([{ code: 'UNAUTHENTICATED' }]);
    });
  });

  describe('extensions.cost on every GraphQL response (issue 12)', () => {
    it('reports the requested cost and the limit', async () => {
      const response = await raw(
        service.url,
        'POST',
        '/graphql',
        { 'content-type': 'application/json' },
        graphqlBody('{ a: strategies { id name } ... on Query { b: strategies { id } } }'),
      );
      expect(response.status).toBe(200);
      expect(response.body.extensions?.cost).toEqual({ requested: 5, limit: MAX_QUERY_COST });
    });

    it('is over the limit: 400 QUERY_TOO_COSTLY reporting what was asked', async () => {
      const fields = Array.from({ length: 600 }, (_, index) => `s${index}: strategies { id }`).join(' ');
      const response = await raw(service.url, 'POST', '/graphql', { 'content-type': 'application/json' }, graphqlBody(`{ ${fields} }`));
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
      expect(response.body.extensions?.cost).toEqual({ requested: 1200, limit: MAX_QUERY_COST });
    });

    it('GraphQL answers are never cached: cache-control no-store, on success and on error', async () => {
      for (const query of ['{ strategies { id } }', 'query {']) {
        const response = await raw(service.url, 'POST', '/graphql', { 'content-type': 'application/json' }, graphqlBody(query));
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('is 0 when the request failed before it could be costed', async () => {
      const response = await raw(service.url, 'POST', '/graphql', { 'content-type': 'application/json' }, graphqlBody('query {'));
      expect(response.body.extensions?.cost).toEqual({ requested: 0, limit: MAX_QUERY_COST });
    });

    it("over the WebSocket too: a query, a mutation and a subscription's event report their cost", async () => {
      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
      });
      /** The first `next` of an operation, or its refusal as a failure. */
      const firstResult = (query: string) =>
        new Promise<{ data?: Record<string, { id: string }>; errors?: unknown; extensions?: unknown }>((resolve, reject) => {
          const stop = client.subscribe(
            { query },
            {
              next: (result) => {
                stop();
                resolve(result as never);
              },
              error: (error) => reject(new Error(JSON.stringify(error))),
              complete: () => undefined,
            },
          );
        });
      try {
        const query = await firstResult('{ a: strategies { id name } ... on Query { b: strategies { id } } }');
        expect(query.extensions).toEqual({ cost: { requested: 5, limit: MAX_QUERY_COST } });
        const mutation = await firstResult(
          `mutation { createBacktestJob(input: { templateId: sma_cross, params: { fast: 2, slow: 3 }, symbols: ["BTCUSDT"], timeframe: H1,
             start: "2024-01-01", end: "2024-01-05", capital: "1000" }) { id status } }`,
        );
        expect(mutation.errors).toBeUndefined();
        expect(mutation.extensions).toEqual({ cost: { requested: 3, limit: MAX_QUERY_COST } });
        const jobId = mutation.data!.createBacktestJob!.id;
        const event = await firstResult(`subscription { backtestJob(id: "${jobId}") { id status progress } }`);
        expect(event.data?.backtestJob?.id).toBe(jobId);
        expect(event.extensions).toEqual({ cost: { requested: 4, limit: MAX_QUERY_COST } });
      } finally {
        await client.dispose();
      }
    });
  });

  describe('CORS_ORIGINS', () => {
    it('answers the preflight of an allowed origin', async () => {
      const response = await raw(service.url, 'OPTIONS', '/graphql', {
        origin: 'https://dash.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://dash.example.com');
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      expect(response.headers.get('access-control-allow-headers')).toBe('content-type,authorization');
    });

    it('lets an allowed origin read the answer and its budget headers', async () => {
      const response = await raw(service.url, 'GET', '/strategies', { origin: 'https://dash.example.com' });
      expect(response.headers.get('access-control-allow-origin')).toBe('https://dash.example.com');
      expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After,X-Service-Used-Weight-1m,X-Cache');
    });

    it('gives another origin no CORS headers', async () => {
      const response = await raw(service.url, 'GET', '/strategies', { origin: 'https://evil.example.com' });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('subscriptions pass the checks queries pass', () => {
    function firstAnswer(
      connectionParams: Record<string, unknown>,
      query: string,
    ): Promise<{ errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
      const client = createClient({ url: `${service.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 });
      return new Promise((resolve) => {
        const done = (answer: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) => {
          void client.dispose();
          resolve(answer);
        };
        client.subscribe(
          { query },
          { next: (result) => done({ errors: result.errors as never }), error: (errors) => done({ errors: errors as never }), complete: () => done({}) },
        );
      });
    }
    const signedParams = (key: { api_key: string; api_secret: string }) => {
      const timestamp = String(Date.now());
      return { apiKey: key.api_key, timestamp, signature: createHmac('sha256', key.api_secret).update(`${timestamp}GET/graphql`).digest('hex') };
    };

    it('over the cost limit: QUERY_TOO_COSTLY before it starts', async () => {
      const fields = Array.from({ length: MAX_QUERY_COST + 1 }, (_, index) => `f${index}: id`).join(' ');
      const answer = await firstAnswer({ authorization: `Bearer ${token}` }, `subscription { backtestJob(id: "x") { ${fields} } }`);
      expect(answer.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
    });

    it("spends the signing key's weight, as a query does", async () => {
      const { key, call } = await newAccount(service.url, world, 'subscriber@example.com');
      await firstAnswer(signedParams(key), 'subscription { backtestJob(id: "00000000-0000-4000-8000-000000000000") { id } }');
      expect((await call('GET', '/v1/account')).headers.get('x-service-used-weight-1m')).toBe('2');
    });

    it('an invalid document is refused with the validation error', async () => {
      const answer = await firstAnswer({ authorization: `Bearer ${token}` }, 'subscription { noSuchField }');
      expect(answer.errors?.[0]?.message).toMatch(/noSuchField/);
    });
  });
});

describe('public GraphQL mutations pay the per-IP limit for each root field', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ PUBLIC_RATE_LIMIT_PER_MIN: '20' });
  });
  afterAll(() => service.stop());

  it('25 aliased creations in one request cost 25 requests: 429 RATE_LIMITED and nothing created', async () => {
    const fields = Array.from({ length: 25 }, (_, index) => `c${index}: createStrategy(input: {name: "n${index}"}) { id }`).join(' ');
    const response = await raw(
      service.url,
      'POST',
      '/graphql',
      { 'content-type': 'application/json' },
      graphqlBody(`mutation { ... on Mutation { ${fields} } }`),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(await service.service.orm.em.fork().count(PublicStrategy, {})).toBe(0);
  });
});
