import 'reflect-metadata';
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import {
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { restTableEntries } from '../../src/rest';
import { buildAppSchema } from '../../src/schema/build-schema';
import { createApiKey, signIn } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, type TradingWorld } from '../support/trading-world';

/**
 * Contract §14: no client input produces a 5xx, and no answer carries a stack
 * trace or a server file path. fast-check generates requests to every REST
 * path the router mounts (read from the router, so a new path is fuzzed
 * without editing this file) and GraphQL operations over every root field,
 * with malformed percent-escapes, NUL bytes, huge numbers, wrong types, odd
 * content types and encodings, and each kind of credentials.
 */

const RUNS = { rest: 700, graphql: 300 };

/** Path segments as they appear in the URL (already escaped, or deliberately malformed). */
const PATH_SEGMENTS = [
  '1',
  '0',
  '-1',
  'BTCUSDT',
  'a%40b.c',
  '00000000-0000-4000-8000-000000000000',
  '%zz',
  '%',
  '%E0%A4%A',
  '%FF',
  '%00',
  'a%00b',
  '9'.repeat(60),
  '2147483648',
  '1.5',
  '%F0%9F%98%80',
  'x'.repeat(300),
  '%2F',
  '%20',
  'null',
];
const QUERY_KEYS = [
  'symbol',
  'limit',
  'period',
  'interval',
  'startTime',
  'endTime',
  'cursor',
  'status',
  'template_id',
  'min_quote_volume',
  'timeRange',
  'from',
  'to',
  'pair',
  'bust',
];
const QUERY_VALUES = [...PATH_SEGMENTS, '1d', '5m', '1h', '500', '501', '-9'.repeat(30), '1e309', 'NaN', 'true', 'queued'];
const BODY_KEYS = [
  'name',
  'author',
  'description',
  'entry_condition',
  'bot_name',
  'url',
  'events',
  'template_id',
  'params',
  'symbols',
  'timeframe',
  'start',
  'end',
  'capital',
  'leverage',
  'fee_model',
  'fee_bps',
  'label',
  'scopes',
  'api_key',
  'api_secret',
  'email',
  'id_token',
  'identity_token',
  'reason',
  'balance_low_threshold',
  'symbol',
  'side',
  'quantity',
  'strategy_id',
  'mode',
];
/** JSON texts, so numbers too large for a double and NUL escapes reach the server as a client would send them. */
const JSON_VALUES = [
  '"a\\u0000b"',
  '"\\u0000"',
  '9'.repeat(60),
  `"${'9'.repeat(60)}"`,
  '1e400',
  '-1',
  '2147483648',
  '1.5',
  'null',
  'true',
  '[]',
  '{}',
  '"x"',
  '""',
  '"BTCUSDT"',
  '["BTCUSDT"]',
  '["a\\u0000"]',
  '"2024-01-01"',
  '"2024-03-01T00:00:00Z"',
  '"https://127.0.0.1/hook"',
  '"sma_cross"',
  '{"fast":2,"slow":3}',
  '{"fast":"a\\u0000"}',
  '["webhooks:write"]',
  '"%zz"',
  '"1000"',
  `"${'x'.repeat(5000)}"`,
];
const RAW_BODIES = [
  'not json',
  '{"a":',
  '\u0000',
  '[1,2',
  '"text"',
  '123',
  'null',
  '[]',
  '{"name":"a"}',
  // Nesting as deep as a 256 kB body allows: nothing may walk it by recursion.
  `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`,
  `{"params":${'['.repeat(60_000)}"a\\u0000"${']'.repeat(60_000)}}`,
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  undefined,
];
const CONTENT_ENCODINGS = [undefined, undefined, undefined, 'gzip', 'br', 'deflate', 'compress', 'identity', 'gzip, gzip', 'x-unknown'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
type Credentials = 'none' | 'bearer' | 'signed' | 'badSignature' | 'garbageBearer' | 'garbageHeaders';
const CREDENTIALS: Credentials[] = ['none', 'bearer', 'signed', 'signed', 'badSignature', 'garbageBearer', 'garbageHeaders'];

/** What would reveal the server's insides: a stack frame, an absolute path, a source file position. */
const LEAKS = [/\n\s+at /, /\bat [\w.<>]+ \(/, /\/work\//, /\/home\//, /\/root\//, /node_modules/, /\.[jt]s:\d+/];

interface FuzzRequest {
  method: string;
  pathWithQuery: string;
  body?: string;
  contentType?: string;
  contentEncoding?: string;
  credentials: Credentials;
}

const jsonObjectText = fc
  .array(fc.tuple(fc.constantFrom(...BODY_KEYS), fc.constantFrom(...JSON_VALUES)), { maxLength: 6 })
  .map((entries) => `{${entries.map(([key, value]) => `"${key}":${value}`).join(',')}}`);
const bodyText = fc.oneof({ weight: 4, arbitrary: jsonObjectText }, { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) });
const queryString = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS, 'a[b]'), fc.constantFrom(...QUERY_VALUES)), { maxLength: 4 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`));

function restRequest(routes: { method: string; path: string }[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      otherMethod: fc.option(fc.constantFrom(...METHODS), { freq: 6 }),
      segments: fc.array(fc.constantFrom(...PATH_SEGMENTS), { minLength: 3, maxLength: 3 }),
      query: queryString,
      body: fc.option(bodyText, { freq: 6 }),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      contentEncoding: fc.constantFrom(...CONTENT_ENCODINGS),
      credentials: fc.constantFrom(...CREDENTIALS),
    })
    .map(({ route, otherMethod, segments, query, body, contentType, contentEncoding, credentials }) => {
      let next = 0;
      const path = route.path.replace(/:\w+/g, () => segments[next++ % segments.length] as string);
      const method = otherMethod ?? route.method;
      return { method, pathWithQuery: `${path}${query}`, body: method === 'GET' ? undefined : (body ?? undefined), contentType, contentEncoding, credentials };
    });
}

/** A GraphQL argument value: a literal (good or bad) or a variable declared with the argument's type or a wrong one. */
interface ArgumentChoice {
  literal: string;
  variable: boolean;
  declaredType: string | undefined;
  value: string | undefined;
}

const GRAPHQL_LITERALS = ['1', '2147483648', '"a\\u0000b"', 'null', '"x"', '[1]', '{}', 'true', '1.5', `"${'9'.repeat(60)}"`, 'STOCK', 'A'];
const VARIABLE_VALUES = [
  undefined,
  'null',
  '"A"',
  '"STOCK"',
  '"INDEX_TOP"',
  '1',
  '2147483648',
  '1e400',
  '"a\\u0000b"',
  '"x"',
  '[]',
  '{}',
  '{"name":"a\\u0000"}',
  '{"name":"n","capital":"1"}',
  'true',
];
const WRONG_TYPES = ['Int!', 'String', '[String!]!', 'Boolean', 'Float!', 'NoSuchType'];

function typeName(type: GraphQLInputType): string {
  return type.toString();
}

function requiredOrSome(arg: GraphQLArgument): boolean {
  return isNonNullType(arg.type);
}

/** A sample literal of an input type, so some operations get past validation and reach the resolvers. */
function sampleLiteral(type: GraphQLInputType): string {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return `[${sampleLiteral(inner.ofType)}]`;
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((field) => isNonNullType(field.type));
    return `{${fields.map((field) => `${field.name}: ${sampleLiteral(field.type)}`).join(', ')}}`;
  }
  if (isLeafType(inner)) {
    if ('getValues' in inner) return inner.getValues()[0]?.name ?? 'X';
    if (inner.name === 'Int' || inner.name === 'Float' || inner.name === 'SafeInt') return '1';
    if (inner.name === 'Boolean') return 'true';
    if (inner.name === 'JSONObject') return '{}';
    return '"1"';
  }
  return 'null';
}

interface GraphQLOperation {
  body: string;
  credentials: Credentials;
}

function graphqlOperation(roots: { kind: 'query' | 'mutation'; type: GraphQLObjectType }[]): fc.Arbitrary<GraphQLOperation> {
  const fields = roots.flatMap((root) => Object.values(root.type.getFields()).map((field) => ({ kind: root.kind, rootName: root.type.name, field })));
  const argumentChoice: fc.Arbitrary<ArgumentChoice> = fc.record({
    literal: fc.oneof(fc.constant(''), fc.constantFrom(...GRAPHQL_LITERALS)),
    variable: fc.boolean(),
    declaredType: fc.option(fc.constantFrom(...WRONG_TYPES), { freq: 3 }),
    value: fc.constantFrom(...VARIABLE_VALUES),
  });
  return fc
    .record({
      picked: fc.array(fc.constantFrom(...fields), { minLength: 1, maxLength: 3 }),
      args: fc.array(argumentChoice, { minLength: 6, maxLength: 6 }),
      aliases: fc.integer({ min: 1, max: 3 }),
      spelling: fc.constantFrom('plain', 'inline', 'named', 'cycle', 'unknownFragment'),
      operationName: fc.constantFrom<string | undefined>(undefined, 'Op', 'Unknown', ''),
      credentials: fc.constantFrom(...CREDENTIALS),
      broken: fc.constantFrom('', '', '', '{', '}', 'query {', '"\u0000"'),
    })
    .map(({ picked, args, aliases, spelling, operationName, credentials, broken }) => {
      const kind = picked[0]!.kind;
      const sameKind = picked.filter((entry) => entry.kind === kind);
      const variables: string[] = [];
      const values: string[] = [];
      let argIndex = 0;
      const selection = sameKind
        .map(({ field }: { field: GraphQLField<unknown, unknown> }, fieldIndex) => {
          const rendered = field.args
            .map((arg) => {
              const choice = args[argIndex++ % args.length]!;
              if (choice.variable) {
                const name = `v${variables.length}`;
                variables.push(`$${name}: ${choice.declaredType ?? typeName(arg.type)}`);
                if (choice.value !== undefined) values.push(`"${name}":${choice.value}`);
                return `${arg.name}: $${name}`;
              }
              const literal = choice.literal || (requiredOrSome(arg) ? sampleLiteral(arg.type) : '');
              return literal ? `${arg.name}: ${literal}` : '';
            })
            .filter(Boolean)
            .join(', ');
          const subselection = isLeafType(isNonNullType(field.type) ? field.type.ofType : field.type) ? '' : ' { __typename }';
          const call = `${field.name}${rendered ? `(${rendered})` : ''}${subselection}`;
          return Array.from({ length: aliases }, (_, index) => `f${fieldIndex}a${index}: ${call}`).join(' ');
        })
        .join(' ');
      const rootName = sameKind[0]!.rootName;
      const header = `${kind} Op${variables.length > 0 ? `(${variables.join(', ')})` : ''}`;
      const documents = {
        plain: `${header} { ${selection} }`,
        inline: `${header} { ... on ${rootName} { ${selection} } }`,
        named: `${header} { ...F } fragment F on ${rootName} { ${selection} }`,
        cycle: `${header} { ...F } fragment F on ${rootName} { ${selection} ...G } fragment G on ${rootName} { ...F }`,
        unknownFragment: `${header} { ...Missing }`,
      };
      const query = `${documents[spelling]}${broken}`;
      const body = `{"query":${JSON.stringify(query)},"variables":{${values.join(',')}}${operationName === undefined ? '' : `,"operationName":${JSON.stringify(operationName)}`}}`;
      return { body, credentials };
    });
}

describe('abuse: no client input is answered with a 5xx or reveals the server (contract §14)', () => {
  let world: TradingWorld;
  let service: TestService;
  let appToken: string;
  let key: { api_key: string; api_secret: string };

  beforeAll(async () => {
    world = await startTradingWorld();
    // Deployed as the README says, NODE_ENV is unset; Apollo hides stack traces under `test` on its own, which would hide a leak here.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      service = await startTestService({ ...world.env, PUBLIC_RATE_LIMIT_PER_MIN: '1000000', SIGNED_WEIGHT_PER_MIN: '1000000' });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    appToken = (await signIn(service.url, world, 'fuzz@example.com')).token;
    key = await createApiKey(service.url, appToken, { scopes: ['webhooks:write'] });
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  async function send(request: FuzzRequest): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = {};
    if (request.contentType) headers['content-type'] = request.contentType;
    if (request.contentEncoding) headers['content-encoding'] = request.contentEncoding;
    if (request.credentials === 'bearer') headers.authorization = `Bearer ${appToken}`;
    if (request.credentials === 'garbageBearer') headers.authorization = 'Bearer %00.not.a.token';
    if (request.credentials === 'garbageHeaders') {
      Object.assign(headers, {
        'X-Service-API-Key': 'ak_%00',
        'X-Service-Timestamp': '9'.repeat(60),
        'X-Service-Signature': 'zz',
        'X-Data-API-Key': `pk_${'z'.repeat(32)}`,
        'X-Request-Id': 'x'.repeat(500),
      });
    }
    if (request.credentials === 'signed' || request.credentials === 'badSignature') {
      const timestamp = String(Date.now());
      const secret = request.credentials === 'signed' ? key.api_secret : 'wrong';
      headers['X-Service-API-Key'] = key.api_key;
      headers['X-Service-Timestamp'] = timestamp;
      headers['X-Service-Signature'] = createHmac('sha256', secret)
        .update(`${timestamp}${request.method}${request.pathWithQuery}${request.body ?? ''}`)
        .digest('hex');
    }
    const response = await fetch(`${service.url}${request.pathWithQuery}`, { method: request.method, headers, body: request.body });
    return { status: response.status, text: await response.text() };
  }

  function expectClientAnswer(request: FuzzRequest, answer: { status: number; text: string }): void {
    const shown = `${request.method} ${request.pathWithQuery} ${request.credentials} ${request.contentType ?? ''} ${request.contentEncoding ?? ''} ${(request.body ?? '').slice(0, 300)}`;
    if (answer.status >= 500) throw new Error(`${answer.status} for ${shown}: ${answer.text.slice(0, 300)}`);
    const leak = LEAKS.find((pattern) => pattern.test(answer.text));
    if (leak) throw new Error(`${shown} revealed ${leak}: ${answer.text.slice(0, 300)}`);
  }

  it(`${RUNS.rest} generated requests across every REST path answer below 500 without internals`, async () => {
    const routes = restTableEntries().map((entry) => ({ method: entry.kind === 'operation' ? entry.route.method : 'GET', path: entry.route.path }));
    expect(routes.length).toBeGreaterThan(40);
    await fc.assert(
      fc.asyncProperty(restRequest(routes), async (request) => expectClientAnswer(request, await send(request))),
      { numRuns: RUNS.rest, endOnFailure: true },
    );
  }, 60_000);

  it(`${RUNS.graphql} generated GraphQL operations over every root field answer below 500 without internals`, async () => {
    const schema = await buildAppSchema();
    const roots = [
      { kind: 'query' as const, type: schema.getQueryType()! },
      { kind: 'mutation' as const, type: schema.getMutationType()! },
    ];
    await fc.assert(
      fc.asyncProperty(graphqlOperation(roots), async ({ body, credentials }) => {
        const request: FuzzRequest = { method: 'POST', pathWithQuery: '/graphql', body, contentType: 'application/json', credentials };
        expectClientAnswer(request, await send(request));
      }),
      { numRuns: RUNS.graphql, endOnFailure: true },
    );
  }, 60_000);
});
