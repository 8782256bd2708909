import { SCOPES } from '../auth/caller';
import { EquityPointWire } from './wire-extras';
import { guideLink } from './guides';
import { CSV_MEDIA_TYPE, type PathAuth, type PathResponse, type RestEntry, type ServiceRoute } from '../operations/rest-table';
import { errorResponses, ERROR_SCHEMAS } from './error-answers';
import { pathDocOf } from './path-doc';
import { RecordSchemas, type JsonSchema } from './record-schemas';
import { sentSchema } from './sent-schema';

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
    const responses: Record<string, unknown> = { [String(doc.status)]: success, ...errorResponses(doc) };

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
      schemas: { ...records.components, ...ERROR_SCHEMAS },
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
