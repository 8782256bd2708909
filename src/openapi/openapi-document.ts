import { z } from 'zod';
import { SCOPES } from '../auth/caller';
import { exchangeMessage } from '../upstream/exchange-trading-client';
import { EquityPointWire } from './wire-extras';
import type { MountedRoute } from './mounted-routes';
import { PASS_THROUGH_REPLIES } from './pass-through-replies';
import { PATH_TABLE, type PathAuth, type PathDoc, type PathError } from './path-table';
import { RecordSchemas, type JsonSchema } from './record-schemas';

export interface OpenApiInput {
  routes: MountedRoute[];
  /** The verbatim pass-through market paths: the upstream's bodies, not the service's records. */
  passThroughPaths: string[];
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
function sentSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
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
  apiKey: { type: 'apiKey', in: 'header', name: 'X-Service-API-Key', description: 'Signed requests: the API key (docs/signing.md).' },
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
function errorStatuses(auth: PathAuth, doc: PathDoc, route: MountedRoute): string[] {
  // The per-IP limit or the weight budget; the database.
  const statuses = new Set(['429', '503']);
  const hasInput = doc.query !== undefined || doc.body !== undefined;
  const hasPathParameters = route.path.includes(':');
  if (auth !== 'public') statuses.add('401');
  if (auth === 'plan-key' || route.mount?.rule.scope) statuses.add('403');
  if (auth === 'signed' && (hasInput || hasPathParameters)) statuses.add('400');
  if (auth !== 'signed' && hasInput) statuses.add('422');
  // A malformed percent-escape in a parameter is 400; an unknown resource 404.
  if (hasPathParameters) statuses.add('400').add('404');
  if (doc.body) statuses.add('413').add('415');
  for (const error of doc.errors ?? []) statuses.add(PATH_ERROR_STATUS[error]);
  return [...statuses].sort();
}

function errorBodyRef(auth: PathAuth, status: string): JsonSchema {
  if (status === '4XX') return { $ref: '#/components/schemas/ExchangeError' };
  return { $ref: auth === 'signed' ? '#/components/schemas/CodedError' : '#/components/schemas/DetailError' };
}

export interface OpenApiResult {
  document: Record<string, unknown>;
  /** Mounted routes with no entry in the path table nor a pass-through reply (they are still listed, with any JSON as their answer). */
  undocumented: string[];
}

/**
 * The OpenAPI 3.1 document of every REST route the service mounts: request
 * schemas from the zod schemas the services validate with, answers from the
 * GraphQL object types declared over the wire records, auth and weight from
 * the operation each route is mounted on.
 */
export function buildOpenApiDocument(input: OpenApiInput): OpenApiResult {
  const records = new RecordSchemas({ BacktestResult: { equity_curve: { type: 'array', items: EquityPointWire } } });
  const passThrough = new Set(input.passThroughPaths);
  const paths: Record<string, Record<string, unknown>> = {};
  const undocumented: string[] = [];

  // An operation mounted on several paths (sign-in per provider, plan k-lines per market) is named by its path instead, so ids stay unique.
  const mountsOf = new Map<string, number>();
  for (const route of input.routes) if (route.mount) mountsOf.set(route.mount.method, (mountsOf.get(route.mount.method) ?? 0) + 1);
  for (const route of input.routes) {
    const key = `${route.method} ${route.path}`;
    const reply = passThrough.has(route.path) && route.method === 'GET' ? PASS_THROUGH_REPLIES[route.path] : undefined;
    const entry: PathDoc | undefined =
      PATH_TABLE[key] ??
      (reply
        ? {
            summary: `Pass-through of the exchange's ${route.path}: its body, verbatim`,
            tag: 'Market data pass-through',
            auth: 'public',
            response: { exchange: reply.reply },
            errors: ['upstream', 'exchange-refusal', ...(reply.checkedQuery ? (['invalid-query'] as const) : [])],
          }
        : undefined);
    if (!entry) undocumented.push(key);
    const doc = entry ?? { summary: key, tag: 'Other', auth: 'public', response: { exchange: z.unknown() } };
    // A plan-key path is public to the adapter (the service checks the key), so the table's word is the more precise.
    const auth: PathAuth = route.mount && !(route.mount.authentication === 'public' && doc.auth === 'plan-key') ? route.mount.authentication : doc.auth;
    const parameters: JsonSchema[] = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (doc.query) {
      const query = sentSchema(doc.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {}))
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
    if (passThrough.has(route.path))
      parameters.push({
        name: 'query',
        in: 'query',
        required: false,
        schema: { type: 'object', additionalProperties: { type: 'string' } },
        style: 'form',
        explode: true,
        description: 'Forwarded to the exchange as sent.',
      });

    const status = String(doc.status ?? 200);
    const success =
      'empty' in doc.response
        ? { description: 'Done; no body.' }
        : 'csv' in doc.response
          ? { description: 'OK', content: { 'text/csv; charset=utf-8': { schema: csvSchema(doc.response.csv) } } }
          : { description: 'OK', content: { 'application/json': { schema: responseSchema(doc, records) } } };
    const responses: Record<string, unknown> = { [status]: success };
    for (const code of errorStatuses(auth, doc, route)) {
      responses[code] = { description: ERROR_MEANING[code], content: { 'application/json': { schema: errorBodyRef(auth, code) } } };
    }

    const operation: Record<string, unknown> = {
      operationId: route.mount && mountsOf.get(route.mount.method) === 1 ? route.mount.method : operationIdOf(route.method, route.path),
      summary: doc.summary,
      tags: [doc.tag],
      parameters,
      responses,
    };
    const security = SECURITY[auth];
    if (security) operation.security = security;
    if (route.mount) {
      operation['x-weight'] = route.mount.rule.weight;
      if (route.mount.rule.scope) operation['x-scope'] = route.mount.rule.scope;
      operation.description = `Weight ${route.mount.rule.weight}${route.mount.rule.scope ? `; needs the scope \`${route.mount.rule.scope}\`` : ''}.`;
    }
    if (doc.body) operation.requestBody = { required: true, content: { 'application/json': { schema: sentSchema(doc.body) } } };
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }

  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Futures data, strategy, backtest and webhook service',
      version: input.version,
      description: `Signed requests: docs/signing.md. Limits and weights: docs/limits.md. Events: docs/events.md. API key scopes: ${SCOPES.join(', ')}.`,
    },
    paths,
    components: {
      schemas: { ...records.components, DetailError: DETAIL_ERROR, CodedError: CODED_ERROR, ExchangeError: EXCHANGE_ERROR },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
  return { document, undocumented };
}

function csvSchema(columns: readonly string[]): JsonSchema {
  return { type: 'string', description: `RFC 4180 (CRLF line ends): the header row \`${columns.join(',')}\`, then one line per row with its JSON values.` };
}

function responseSchema(doc: PathDoc, records: RecordSchemas): JsonSchema {
  const response = doc.response;
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
