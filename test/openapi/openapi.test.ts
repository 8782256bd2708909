import 'reflect-metadata';
import { execFile } from 'node:child_process';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { grantPlan } from '../../src/cli/commands/grant-plan';
import { importSeries } from '../../src/cli/commands/import-series';
import { HEALTH_ROUTES } from '../../src/http/health.routes';
import { openApiPath } from '../../src/openapi/openapi-document';
import { restTableEntries } from '../../src/rest';
import { jobBody } from '../support/backtest';
import { request } from '../support/http';
import { bearer, signedClient, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';
import { startTestService, type TestService } from '../support/test-service';

const ROOT = path.resolve(__dirname, '../..');

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security?: unknown[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }>; requestBody?: unknown }>
  >;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** The standard validator is an ES module Jest cannot load on Node 20, so it runs in its own process, as a CI step would. */
function validateWithStandardValidator(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const script = `import { Validator } from '@seriousme/openapi-schema-validator';
let input = ''; for await (const chunk of process.stdin) input += chunk;
const result = await new Validator().validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT }, (error, stdout) =>
      error ? reject(new Error(error.message)) : resolve(JSON.parse(stdout) as { valid: boolean; errors?: unknown }),
    );
    child.stdin?.end(JSON.stringify(document));
  });
}

type Operation = OpenApiDocument['paths'][string][string];

/** Every operation of the document as `METHOD /path` with its definition. */
function operationsOf(document: OpenApiDocument): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([pathName, operations]) =>
    Object.entries(operations).map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${pathName}`, operation]),
  );
}

/** A validator of the JSON answer `document` gives `METHOD /path` with `status`, its `$ref`s resolved in the document. */
function answerValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: 'doc', components: document.components, paths: document.paths });
  const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
  return (method: string, pathName: string, status: string) => {
    const schema = document.paths[pathName]?.[method.toLowerCase()]?.responses[status]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${method} ${pathName} documents no JSON answer for ${status}`);
    return ajv.compile({ $ref: `doc#/paths/${pointer(pathName)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema` });
  };
}

describe('GET /openapi.json and GET /docs', () => {
  let service: TestService;
  let document: OpenApiDocument;

  beforeAll(async () => {
    service = await startTestService();
    const response = await request<OpenApiDocument>(service.url, 'GET', '/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
  });
  afterAll(() => service.stop());

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await validateWithStandardValidator(document)).toEqual({ valid: true });
  });

  it('lists every path of the operation table (the pass-through paths included) and the health paths, and nothing else', () => {
    const table = restTableEntries().map((entry) => `${entry.kind === 'operation' ? entry.route.method : 'GET'} ${openApiPath(entry.route.path)}`);
    const health = HEALTH_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(
      operationsOf(document)
        .map(([name]) => name)
        .sort(),
    ).toEqual([...table, ...health].sort());
    for (const pathName of service.service.services.marketPassThrough.paths()) expect(table).toContain(`GET ${pathName}`);
  });

  it('GET /healthz, /readyz and /metrics answer in their documented shapes', async () => {
    const validate = answerValidator(document);
    for (const pathName of ['/healthz', '/readyz']) {
      const response = await request<unknown>(service.url, 'GET', pathName);
      expect(response.status).toBe(200);
      const check = validate('GET', pathName, '200');
      expect(check(response.body) ? [] : check.errors).toEqual([]);
    }
    expect(validate('GET', '/readyz', '503')({ status: 'unavailable', database: false, migrated: false })).toBe(true);
    const metrics = await fetch(`${service.url}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(Object.keys(document.paths['/metrics']?.get?.responses['200']?.content ?? {})).toEqual(['text/plain']);
    await metrics.text();
  });

  it('declares the three security schemes and uses them per path, with the error body of each kind of endpoint', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'appToken', 'planKey', 'signature', 'timestamp']);
    const createJob = document.paths['/v1/backtest/jobs']?.post;
    expect(createJob?.security).toEqual([{ apiKey: [], timestamp: [], signature: [] }]);
    expect(createJob?.responses['401']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/CodedError' });
    expect(document.paths['/account/api-keys']?.get?.security).toEqual([{ appToken: [] }]);
    expect(document.paths['/stock/v1/klines']?.get?.security).toEqual([{ planKey: [] }]);
    expect(document.paths['/funding/rates']?.get?.security).toBeUndefined();
    expect(document.paths['/funding/rates/{symbol}/history']?.get?.responses['422']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/DetailError',
    });
    expect(document.paths['/fapi/v1/klines']?.get?.responses['4XX']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ExchangeError',
    });
    expect(createJob?.requestBody).toMatchObject({ content: { 'application/json': { schema: { properties: { template_id: { type: 'string' } } } } } });
  });

  it('every operation documents a schema for its success answer (or answers 204 without a body) and the error bodies of docs/errors.md', () => {
    const described = (schema: unknown) => typeof schema === 'object' && schema !== null && ['$ref', 'type', 'anyOf'].some((key) => key in schema);
    // The health paths have no rate limit, credentials or input: they fail only as their own entries say.
    const health = new Set(HEALTH_ROUTES.map((route) => `${route.method} ${route.path}`));
    const lacking = operationsOf(document)
      .filter(([name]) => !health.has(name))
      .flatMap(([name, operation]) => {
        const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        const errors = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status));
        const problems = [
          ...(successes.length === 0 ? ['no 2xx answer'] : []),
          ...successes
            .filter(
              ([status, response]) =>
                !(status === '204' && !response.content) && !Object.values(response.content ?? {}).some((media) => described(media.schema)),
            )
            .map(([status]) => `${status} without a schema`),
          ...(errors.length === 0 ? ['no error answer'] : []),
          ...errors
            .filter(
              ([, response]) =>
                !/^#\/components\/schemas\/(DetailError|CodedError|ExchangeError)$/.test(
                  (response.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref ?? '',
                ),
            )
            .map(([status]) => `${status} without an error body`),
        ];
        return problems.map((problem) => `${name}: ${problem}`);
      });
    expect(lacking).toEqual([]);
  });

  it('a real job answered by GET /v1/backtest/jobs/{id} matches the schema the document gives it, and a changed one does not', async () => {
    const { users, apiKeys } = service.service.services;
    const user = await users.findOrCreateByEmail('openapi@example.com');
    const key = await apiKeys.create(user.id, {});
    const call = signedClient(service.url, key);
    const created = await call<{ id: string }>('POST', '/v1/backtest/jobs', jobBody());
    const job = (await call<Record<string, unknown>>('GET', `/v1/backtest/jobs/${created.body.id}`)).body;
    const schema = document.paths['/v1/backtest/jobs/{id}']?.get?.responses['200']?.content?.['application/json']?.schema;
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'doc', components: document.components });
    const validate = ajv.compile({ $ref: `doc${(schema as { $ref: string }).$ref}` });
    expect(validate(job) ? [] : validate.errors).toEqual([]);
    expect(validate({ ...job, submitted_at: 12 })).toBe(false);
  });

  it('GET /docs renders the document with a viewer the service serves itself: no page, script or style from another host', async () => {
    const page = await fetch(`${service.url}/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(references.length).toBeGreaterThanOrEqual(3);
    for (const reference of references) {
      expect(reference.startsWith('/')).toBe(true);
      const asset = await fetch(`${service.url}${reference}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/text\/(css|javascript)/);
      if (reference.endsWith('start.js')) expect(await asset.text()).toContain("url: '/openapi.json'");
      else await asset.arrayBuffer();
    }
    const unknown = await request(service.url, 'GET', '/docs/assets/index.html');
    expect(unknown.status).toBe(404);
  });
});

describe('real answers of the public, identity and market paths match the schemas /openapi.json gives them', () => {
  let world: OutsideWorld;
  let market: MarketTestService;
  let document: OpenApiDocument;
  let validator: ReturnType<typeof answerValidator>;

  beforeAll(async () => {
    world = await startOutsideWorld();
    const { UPSTREAM_FAPI_URL: _theirExchange, ...identityEnv } = world.env;
    market = await startMarketTestService(identityEnv);
    document = (await request<OpenApiDocument>(market.url, 'GET', '/openapi.json')).body;
    validator = answerValidator(document);
  });
  afterAll(async () => {
    await market.stop();
    await world.stop();
  });

  /** Calls `pathWithQuery` and checks its answer against the document's schema of `METHOD documented` at the answered status. */
  async function expectDocumentedAnswer(method: string, documented: string, pathWithQuery: string, options: Parameters<typeof request>[3] = {}) {
    const response = await request<unknown>(market.url, method, pathWithQuery, options);
    const status = String(response.status);
    const validate = validator(method, documented, document.paths[documented]?.[method.toLowerCase()]?.responses[status] ? status : '4XX');
    expect(validate(response.body) ? [] : validate.errors).toEqual([]);
    return response;
  }

  it.each([
    ['/funding/rates', '/funding/rates'],
    ['/funding/rates/{symbol}', '/funding/rates/BTCUSDT'],
    ['/funding/rates/{symbol}/history', '/funding/rates/BTCUSDT/history?limit=3'],
    ['/long-short/position-ratio/{symbol}', '/long-short/position-ratio/BTCUSDT?limit=3'],
    ['/long-short/account-ratio/{symbol}', '/long-short/account-ratio/BTCUSDT?limit=3'],
    ['/ticker/24hr/active', '/ticker/24hr/active'],
    ['/smart-money/signal/overview', '/smart-money/signal/overview?symbol=BTCUSDT'],
    ['/smart-money/signal/list', '/smart-money/signal/list'],
    ['/whale-board', '/whale-board'],
    ['/fapi/v1/klines', '/fapi/v1/klines?symbol=BTCUSDT&interval=1h&limit=3'],
    ['/fapi/v1/ticker/24hr', '/fapi/v1/ticker/24hr?symbol=BTCUSDT'],
    ['/fapi/v1/ticker/24hr', '/fapi/v1/ticker/24hr'],
    ['/fapi/v1/premiumIndex', '/fapi/v1/premiumIndex'],
    ['/fapi/v1/exchangeInfo', '/fapi/v1/exchangeInfo'],
    ['/fapi/v1/fundingInfo', '/fapi/v1/fundingInfo'],
    ['/fapi/v1/time', '/fapi/v1/time'],
    ['/futures/data/openInterestHist', '/futures/data/openInterestHist?symbol=BTCUSDT&period=5m&limit=3'],
    ['/topLongShortAccountRatio', '/topLongShortAccountRatio?symbol=BTCUSDT&period=5m&limit=3'],
    ['/delist', '/delist'],
  ])('GET %s: %s answers 200 in its documented shape', async (documented, pathWithQuery) => {
    expect((await expectDocumentedAnswer('GET', documented, pathWithQuery)).status).toBe(200);
  });

  it.each([
    ['/funding/rates/{symbol}', '/funding/rates/NOPEUSDT', 404],
    ['/funding/rates/{symbol}/history', '/funding/rates/BTCUSDT/history?limit=abc', 422],
    ['/fapi/v1/klines', '/fapi/v1/klines?symbol=NOPEUSDT&interval=1h', 400],
    ['/topLongShortAccountRatio', '/topLongShortAccountRatio?symbol=BTCUSDT&period=7m', 422],
    ['/strategies/{strategyId}', '/strategies/987654', 404],
  ])('GET %s: %s answers %s with its documented error body', async (documented, pathWithQuery, status) => {
    expect((await expectDocumentedAnswer('GET', documented, pathWithQuery)).status).toBe(status);
  });

  it('public strategy records and the identity paths answer in their documented shapes, and a changed answer does not match', async () => {
    const created = await expectDocumentedAnswer('POST', '/strategies', '/strategies', { json: { name: 'documented', bot_name: 'bot' } });
    expect(created.status).toBe(200);
    const id = (created.body as { id: number }).id;
    expect((await expectDocumentedAnswer('GET', '/strategies', '/strategies')).status).toBe(200);
    expect((await expectDocumentedAnswer('GET', '/strategies/{strategyId}', `/strategies/${id}`)).status).toBe(200);
    expect(validator('GET', '/strategies/{strategyId}', '200')({ ...(created.body as object), id: String(id) })).toBe(false);
    expect(validator('GET', '/fapi/v1/klines', '200')([[1_700_000_000_000, '1', '2', '0.5', '1.5']])).toBe(false);
    expect(validator('GET', '/funding/rates', '200')([{ symbol: 'BTCUSDT', fundingRate: 0.0001 }])).toBe(false);

    const idToken = await world.providerA.mint({ sub: 'documented', email: 'documented@example.com', email_verified: true, name: 'documented' });
    const signedIn = await expectDocumentedAnswer('POST', '/auth/mobile/provider-a', '/auth/mobile/provider-a', { json: { id_token: idToken } });
    expect(signedIn.status).toBe(200);
    const headers = bearer((signedIn.body as { access_token: string }).access_token);
    expect((await expectDocumentedAnswer('POST', '/account/api-keys', '/account/api-keys', { json: { label: 'documented' }, headers })).status).toBe(200);
    expect((await expectDocumentedAnswer('GET', '/account/api-keys', '/account/api-keys', { headers })).status).toBe(200);
    expect((await expectDocumentedAnswer('GET', '/api-key/status/{email}', '/api-key/status/documented@example.com')).status).toBe(200);
    expect((await expectDocumentedAnswer('POST', '/auth/mobile/provider-a', '/auth/mobile/provider-a', { json: { id_token: 'forged' } })).status).toBe(401);
  });
  it('the plan-gated series answer their documented rows (a K-line is a 7-element array), and a missing plan key its error body', async () => {
    const samples = path.join(ROOT, 'samples');
    await importSeries.run({ file: path.join(samples, 'series-klines.csv') }, market.service.service);
    await importSeries.run({ file: path.join(samples, 'series-ratios.csv') }, market.service.service);
    const planKey = ((await grantPlan.run({ email: 'plan@example.com', plan: 'standard', days: '30' }, market.service.service)) as { data_api_key: string })
      .data_api_key;
    const headers = { 'X-Data-API-Key': planKey };
    const klines = await expectDocumentedAnswer('GET', '/stock/v1/klines', '/stock/v1/klines?symbol=AAPL&limit=3', { headers });
    expect(klines.status).toBe(200);
    expect((klines.body as unknown[]).length).toBeGreaterThan(0);
    expect((await expectDocumentedAnswer('GET', '/index/v1/topLongShortRatio', '/index/v1/topLongShortRatio?symbol=SPX&limit=3', { headers })).status).toBe(
      200,
    );
    expect((await expectDocumentedAnswer('GET', '/stock/v1/klines', '/stock/v1/klines?symbol=AAPL')).status).toBe(401);
  });
});
