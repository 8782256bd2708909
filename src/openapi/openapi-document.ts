import { z } from 'zod';
import { SCOPES } from '../auth/caller';
import { exchangeMessage } from '../upstream/exchange-trading-client';
import { EquityPointWire } from './wire-extras';
import { guideLink } from './guides';
import { operationRuleOf, type OperationRule } from '../operations/operation';
import { CSV_MEDIA_TYPE, type PathAuth, type PathError, type PathResponse, type RestEntry, type ServiceRoute } from '../operations/rest-table';
import { RecordSchemas, type JsonSchema } from './record-schemas';

export interface OpenApiInput {
  /** The resolvers' REST tables, flattened (rest/index.ts `restTableEntries`). */
  entries: RestEntry[];
  /** Paths outside the operations: health and metrics. */
  serviceRoutes: readonly ServiceRoute[];
  version: string;
}

/** `/v1/jobs/:id` → `/v1/jobs/{id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * JSON Schema of what a sender sends, in OpenAPI 3.1's dialect: a client's
 * query or body (defaults make a field optional), or the exchange's reply
 * (the fields the gateway reads; others the exchange adds are allowed).
 */
function sentSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const DETAIL_ERROR: JsonSchema = {
  type: 'object',
  description: 'Errors of public, plan-key, sign-in and key-lookup endpoints; 422 validation failures list their issues (FastAPI style).',
  properties: {
    detail: {
      anyOf: [
        { type: 'string' },
        {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
              msg: { type: 'string' },
              type: { type: 'string' },
            },
            required: ['loc', 'msg', 'type'],
          },
        },
      ],
    },
  },
  required: ['detail'],
};

const CODED_ERROR: JsonSchema = {
  type: 'object',
  description: 'Errors of the signed /v1 API.',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', examples: ['INVALID_PARAMETER', 'UNAUTHENTICATED', 'INSUFFICIENT_PERMISSION', 'NOT_FOUND', 'INVALID_STATE', 'RATE_LIMITED'] },
        message: { type: 'string' },
        field: { type: 'string', description: 'The request field at fault, when there is one.' },
      },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Service-API-Key',
    description: `Signed requests: the API key (${guideLink('signing')}). This page cannot sign: see the description above.`,
  },
  timestamp: { type: 'apiKey', in: 'header', name: 'X-Service-Timestamp', description: 'Signed requests: Unix milliseconds, within 30 s of the server clock.' },
  signature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Service-Signature',
    description: 'Signed requests: lowercase hex HMAC-SHA256 with the API secret over timestamp + METHOD + path with query + raw body.',
  },
  appToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'App token from sign-in (or `admin create-app-token` offline).' },
  planKey: { type: 'apiKey', in: 'header', name: 'X-Data-API-Key', description: 'Plan key (`pk_…`) of a user with an active plan.' },
};

const SECURITY: Record<PathAuth, Record<string, string[]>[] | undefined> = {
  public: undefined,
  signed: [{ apiKey: [], timestamp: [], signature: [] }],
  bearer: [{ appToken: [] }],
  'plan-key': [{ planKey: [] }],
};

const EXCHANGE_ERROR: JsonSchema = {
  ...sentSchema(exchangeMessage),
  description: 'The exchange\'s own refusal, forwarded with its status (e.g. 400 `{"code": -1121, "msg": "Invalid symbol."}`).',
};

const ERROR_MEANING: Record<string, string> = {
  '400': 'Invalid input',
  '401': 'Missing or invalid credentials',
  '402': 'Not enough balance',
  '403': 'Not allowed (scope or plan)',
  '404': 'Not found',
  '409': 'Not in a state that allows this',
  '413': 'Body over 256 kB',
  '415': 'Unsupported Content-Encoding or charset',
  '422': 'Validation failed',
  '429': 'Rate limited (see Retry-After)',
  '4XX': 'Refused by the exchange',
  '502': 'The exchange failed or did not answer',
  '503': 'A service the request needs (the database) is down',
};

const PATH_ERROR_STATUS: Record<PathError, string> = {
  upstream: '502',
  'exchange-refusal': '4XX',
  'invalid-query': '422',
  conflict: '409',
  'bad-request': '400',
  unauthenticated: '401',
  'not-found': '404',
  'insufficient-funds': '402',
};

/** The error statuses a path answers (docs/errors.md): those of its kind of authentication, of its input and path parameters, and its own. */
function errorStatuses(doc: PathDoc): string[] {
  const { auth } = doc;
  // The per-IP limit or the weight budget; the database.
  const statuses = new Set(['429', '503']);
  const hasInput = doc.query !== undefined || doc.body !== undefined;
  const hasPathParameters = doc.path.includes(':');
  if (auth !== 'public') statuses.add('401');
  if (auth === 'plan-key' || doc.operation?.rule.scope) statuses.add('403');
  if (auth === 'signed' && (hasInput || hasPathParameters)) statuses.add('400');
  if (auth !== 'signed' && hasInput) statuses.add('422');
  // A malformed percent-escape in a parameter is 400; an unknown resource 404.
  if (hasPathParameters) statuses.add('400').add('404');
  if (doc.body) statuses.add('413').add('415');
  for (const error of doc.errors) statuses.add(PATH_ERROR_STATUS[error]);
  return [...statuses].sort();
}

function errorBodyRef(auth: PathAuth, status: string): JsonSchema {
  if (status === '4XX') return { $ref: '#/components/schemas/ExchangeError' };
  return { $ref: auth === 'signed' ? '#/components/schemas/CodedError' : '#/components/schemas/DetailError' };
}

/** One documented path, whichever kind of entry it comes from. */
interface PathDoc {
  method: string;
  path: string;
  summary: string;
  tag: string;
  auth: PathAuth;
  query?: z.ZodType;
  body?: z.ZodType;
  response: PathResponse;
  status: number;
  errors: PathError[];
  /** The resolver method it is mounted on (with its rule), absent for pass-through paths. */
  operation?: { name: string; rule: OperationRule };
  /** A pass-through path forwards any query to the exchange. */
  forwardsQuery?: true;
}

function pathDocOf(entry: RestEntry): PathDoc {
  if (entry.kind === 'pass-through') {
    const { path, reply, checkedQuery } = entry.route;
    return {
      method: 'GET',
      path,
      summary: `Pass-through of the exchange's ${path}: its body, verbatim`,
      tag: 'Market data pass-through',
      auth: 'public',
      response: { exchange: reply },
      status: 200,
      errors: ['upstream', 'exchange-refusal', ...(checkedQuery ? (['invalid-query'] as const) : [])],
      forwardsQuery: true,
    };
  }
  const { route } = entry;
  const rule = operationRuleOf(entry.resolver, entry.method);
  if (!rule) throw new Error(`${entry.resolver.name}.${entry.method} has a REST path but declares no @Operation rule`);
  return {
    method: route.method,
    path: route.path,
    summary: route.summary,
    tag: entry.tag,
    auth: route.auth,
    query: route.query,
    body: route.body,
    response: route.response,
    status: typeof route.status === 'number' ? route.status : 'empty' in route.response ? 204 : 200,
    errors: route.errors ?? [],
    operation: { name: entry.method, rule },
  };
}

/**
 * The OpenAPI 3.1 document of every REST path of the service, from the one
 * table the router is mounted from: request schemas from the zod schemas the
 * services validate with, answers from the GraphQL object types declared
 * over the wire records, auth, weight and scope from each operation's entry
 * and rule; the health paths from their own entries.
 */
export function buildOpenApiDocument(input: OpenApiInput): Record<string, unknown> {
  const records = new RecordSchemas({ BacktestResult: { equity_curve: { type: 'array', items: EquityPointWire } } });
  const paths: Record<string, Record<string, unknown>> = {};
  const docs = input.entries.map(pathDocOf);

  // An operation mounted on several paths (sign-in per provider, plan k-lines per market) is named by its path instead, so ids stay unique.
  const mountsOf = new Map<string, number>();
  for (const doc of docs) if (doc.operation) mountsOf.set(doc.operation.name, (mountsOf.get(doc.operation.name) ?? 0) + 1);
  for (const doc of docs) {
    const parameters: JsonSchema[] = pathParameters(doc.path);
    if (doc.query) {
      const query = sentSchema(doc.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {}))
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
    if (doc.forwardsQuery)
      parameters.push({
        name: 'query',
        in: 'query',
        required: false,
        schema: { type: 'object', additionalProperties: { type: 'string' } },
        style: 'form',
        explode: true,
        description: 'Forwarded to the exchange as sent.',
      });

    const success =
      'empty' in doc.response
        ? { description: 'Done; no body.' }
        : 'csv' in doc.response
          ? { description: 'OK', content: { [CSV_MEDIA_TYPE]: { schema: csvSchema(doc.response.csv) } } }
          : { description: 'OK', content: { 'application/json': { schema: responseSchema(doc.response, records) } } };
    const responses: Record<string, unknown> = { [String(doc.status)]: success };
    for (const code of errorStatuses(doc)) {
      responses[code] = { description: ERROR_MEANING[code], content: { 'application/json': { schema: errorBodyRef(doc.auth, code) } } };
    }

    const operation: Record<string, unknown> = {
      operationId: doc.operation && mountsOf.get(doc.operation.name) === 1 ? doc.operation.name : operationIdOf(doc.method, doc.path),
      summary: doc.summary,
      tags: [doc.tag],
      parameters,
      responses,
    };
    const security = SECURITY[doc.auth];
    if (security) operation.security = security;
    if (doc.operation) {
      const { weight, scope } = doc.operation.rule;
      operation['x-weight'] = weight;
      if (scope) operation['x-scope'] = scope;
      operation.description = `Weight ${weight}${scope ? `; needs the scope \`${scope}\`` : ''}.`;
    }
    if (doc.body) operation.requestBody = { required: true, content: { 'application/json': { schema: sentSchema(doc.body) } } };
    addOperation(paths, doc.method, doc.path, operation);
  }
  for (const route of input.serviceRoutes) addOperation(paths, route.method, route.path, serviceOperation(route));

  return {
    openapi: '3.1.0',
    info: {
      title: 'Futures data, strategy, backtest and webhook service',
      version: input.version,
      description: [
        `Signed requests: ${guideLink('signing')}. Limits and weights: ${guideLink('limits')}. Events: ${guideLink('events')}. Webhooks: ${guideLink('webhooks')}. Errors: ${guideLink('errors')}. API key scopes: ${SCOPES.join(', ')}.`,
        '',
        '**Try it out works for the public paths only.** A signed `/v1` request carries a signature over its time, method, path and body, made anew for each request, which this page cannot compute: "Authorize" takes fixed header values and cannot sign. Send signed requests with `clients/shell/signed-request.sh` (or the Python and TypeScript clients), or use the dashboard (`/`) and the GraphQL IDE (`/graphql`), which sign in the browser.',
      ].join('\n'),
    },
    paths,
    components: {
      schemas: { ...records.components, DetailError: DETAIL_ERROR, CodedError: CODED_ERROR, ExchangeError: EXCHANGE_ERROR },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

function addOperation(paths: Record<string, Record<string, unknown>>, method: string, expressPath: string, operation: Record<string, unknown>): void {
  const path = openApiPath(expressPath);
  paths[path] = { ...paths[path], [method.toLowerCase()]: operation };
}

function pathParameters(expressPath: string): JsonSchema[] {
  return [...expressPath.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
}

/** A health or metrics path: public, unlimited, answering what its entry lists. */
function serviceOperation(route: ServiceRoute): Record<string, unknown> {
  const responses = Object.fromEntries(
    Object.entries(route.answers).map(([status, answer]) => [
      status,
      {
        description: answer.description,
        content: answer.json
          ? { 'application/json': { schema: sentSchema(answer.json, 'output') } }
          : { [answer.text ?? 'text/plain']: { schema: { type: 'string' } } },
      },
    ]),
  );
  return { operationId: operationIdOf(route.method, route.path), summary: route.summary, tags: [route.tag], parameters: [], responses };
}

function csvSchema(columns: readonly string[]): JsonSchema {
  return { type: 'string', description: `RFC 4180 (CRLF line ends): the header row \`${columns.join(',')}\`, then one line per row with its JSON values.` };
}

function responseSchema(response: PathResponse, records: RecordSchemas): JsonSchema {
  if ('record' in response) return records.refFor(response.record);
  if ('list' in response) return { type: 'array', items: records.refFor(response.list) };
  if ('exchange' in response) return sentSchema(response.exchange);
  return {};
}

/** `GET /funding/rates/:symbol` → `getFundingRatesBySymbol`: unique and stable for routes not on an operation. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}
