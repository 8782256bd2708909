import { z } from 'zod';
import { bodySchema as bodyCredentialSchema } from '../services/trading/body-credential-trading.service';
import type { RecordType } from './record-schemas';

/** How a path authenticates; routes mounted on an operation say it themselves, and their entry's `auth` must agree. */
export type PathAuth = 'public' | 'bearer' | 'plan-key' | 'signed';

export type PathResponse =
  /** The wire record of a GraphQL object type declared over it. */
  | { record: RecordType }
  | { list: RecordType }
  /** The exchange's answer, forwarded as it came: the zod schema of that answer. */
  | { exchange: z.ZodType }
  /** RFC 4180 text (`text/csv; charset=utf-8`): a header row of these columns, then one line per row. */
  | { csv: readonly string[] }
  | { empty: true };

/** Error statuses a path answers beyond those of its kind, its input and its path parameters (openapi-document.ts adds those). */
export type PathError =
  /** The request needs the exchange, which failed or did not answer. */
  | 'upstream'
  /** The exchange refused the request: its status and `{code, msg}` body are forwarded. */
  | 'exchange-refusal'
  /** A signed operation on a resource whose state does not allow it (INVALID_STATE, DUPLICATE_URL). */
  | 'conflict'
  /** A pass-through path whose query the service checks before forwarding it (its period, limit). */
  | 'invalid-query'
  /** A public path whose query rule the spec makes 400 rather than 422 (smart-money `timeRange`). */
  | 'bad-request'
  /** A public path that checks a credential of its own (a sign-in token): 401. */
  | 'unauthenticated'
  /** A path without path parameters that can still find nothing (no such symbol, user or key): 404. */
  | 'not-found'
  /** A live deployment without the balance it needs. */
  | 'insufficient-funds';

/** What the reference says about one `METHOD /express/path`, beside what the route itself tells (its operation's rule). */
export interface PathDoc {
  summary: string;
  tag: string;
  auth: PathAuth;
  /** The zod schema the service validates the query with. */
  query?: z.ZodType;
  /** The zod schema the service validates the body with. */
  body?: z.ZodType;
  response: PathResponse;
  status?: number;
  errors?: PathError[];
}

export type PathDetails = Omit<PathDoc, 'summary' | 'tag' | 'auth'>;

export const signed = (summary: string, tag: string, rest: PathDetails): PathDoc => ({ summary, tag, auth: 'signed', ...rest });
export const publicPath = (summary: string, tag: string, rest: PathDetails): PathDoc => ({ summary, tag, auth: 'public', ...rest });
export const bearer = (summary: string, rest: PathDetails): PathDoc => ({ summary, tag: 'Identity', auth: 'bearer', ...rest });
/** A gateway-made market path: built from the exchange's answers, so it fails with the exchange. */
export const market = (summary: string, rest: PathDetails): PathDoc => ({
  summary,
  tag: 'Market data',
  auth: 'public',
  ...rest,
  errors: ['upstream', ...(rest.errors ?? [])],
});
/** A body-credential path: the exchange's answer (or refusal) to the call the body's credentials sign. */
export const exchangeCall = (summary: string, reply: z.ZodType): PathDoc =>
  publicPath(summary, 'Exchange trading', { body: bodyCredentialSchema, response: { exchange: reply }, errors: ['upstream', 'exchange-refusal'] });

export const planSeries = (summary: string, query: z.ZodType, row: RecordType): PathDoc => ({
  summary,
  tag: 'Plan-gated series',
  auth: 'plan-key',
  query,
  response: { list: row },
  errors: ['not-found'],
});
