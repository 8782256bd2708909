import { exchangeMessage } from '../upstream/exchange-trading-client';
import type { PathAuth, PathError } from '../operations/rest-table';
import type { PathDoc } from './path-doc';
import type { JsonSchema } from './record-schemas';
import { sentSchema } from './sent-schema';

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

/** The reference's error bodies, by the names the answers refer to. */
export const ERROR_SCHEMAS = { DetailError: DETAIL_ERROR, CodedError: CODED_ERROR, ExchangeError: EXCHANGE_ERROR };

/** A path's error answers (docs/errors.md), by status: their meaning and body. */
export function errorResponses(doc: PathDoc): Record<string, unknown> {
  return Object.fromEntries(
    errorStatuses(doc).map((code) => [code, { description: ERROR_MEANING[code], content: { 'application/json': { schema: errorBodyRef(doc.auth, code) } } }]),
  );
}
