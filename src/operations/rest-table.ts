import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { GraphQLContext } from '../schema/context';
import type { RecordType } from '../openapi/record-schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a path authenticates. `signed` is the `/v1` HMAC headers (contract
 * §6), `bearer` an app token (401 `{"detail"}` when missing or bad),
 * `plan-key` the `X-Data-API-Key` header the operation itself checks (so the
 * adapter authenticates nobody, as for `public`).
 */
export type PathAuth = 'public' | 'bearer' | 'plan-key' | 'signed';

/** The media type of a `csv` response (contract §18). */
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

export type PathResponse =
  /** The wire record of a GraphQL object type declared over it. */
  | { record: RecordType }
  | { list: RecordType }
  /** The exchange's answer, forwarded as it came: the zod schema of that answer. */
  | { exchange: z.ZodType }
  /** RFC 4180 text (`text/csv; charset=utf-8`) with a header row of these columns: the reply is its text, or a stream of it. */
  | { csv: readonly string[] }
  /** 204 without a body: the adapter sends none, whatever the method returns. */
  | { empty: true };

/** Error statuses a path answers beyond those of its kind, its input and its path parameters (openapi/error-answers.ts adds those). */
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

type Method = (...args: never[]) => unknown;
type ResultOf<F> = F extends (...args: never[]) => infer T ? Awaited<T> : never;
type MethodNames<R> = { [K in keyof R]: R[K] extends Method ? K : never }[keyof R] & string;

/**
 * One REST path of an operation: where it is, who may call it, how the
 * request becomes the method's arguments and the result the documented
 * answer, and what the reference says about it. The operation's weight and
 * scope are its `@Operation` rule, which both edges read.
 */
export interface OperationRoute<F> {
  method: HttpMethod;
  /** The express path, `:name` for a path parameter. */
  path: string;
  auth: PathAuth;
  summary: string;
  /** The reference's group; the table's tag when absent. */
  tag?: string;
  /** The request as the method's arguments, the context included. */
  call: (operation: F, req: Request, context: GraphQLContext) => F extends Method ? ReturnType<F> : never;
  /** Where the input comes from, so validation issues carry FastAPI's `loc` (`["body", "name"]`); signed paths name the field instead. */
  input?: 'body' | 'query';
  /** The zod schema the operation validates the query with, for the reference. */
  query?: z.ZodType;
  /** The zod schema the operation validates the body with, for the reference. */
  body?: z.ZodType;
  response: PathResponse;
  /** Success status (default 200; 204 for an empty response), or how to read it from the result (a forwarded exchange answer). */
  status?: number | ((result: ResultOf<F>) => number);
  /** The wire shape of the result; default the result as it is. */
  reply?: (result: ResultOf<F>, res: Response) => unknown;
  errors?: PathError[];
  /** Its answers may be served again while the upstream answers behind them are current (http/remembered-answers.ts). */
  remember?: true;
}

/** A verbatim market path: the exchange's bytes for `path`, forwarded by the pass-through service. */
export interface PassThroughRoute {
  path: string;
  /** The exchange's reply, by the zod schema the gateway checks it with where it reads it. */
  reply: z.ZodType;
  /** The query is checked before it is forwarded (passthrough.service.ts `validate`): a value outside the spec's rules is 422. */
  checkedQuery?: true;
}

/** Each method's REST paths, keyed by the method's name: a typo or arguments the method does not take fail the type check. */
export type OperationRoutes<R> = { [K in MethodNames<R>]?: OperationRoute<R[K]> | OperationRoute<R[K]>[] };

export interface RestTable<R> {
  /** The reference's group of every path that names none. */
  tag: string;
  operations: OperationRoutes<R>;
  passThrough?: PassThroughRoute[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a class of any constructor signature; only its prototype is read.
type ResolverClass<R> = abstract new (...args: any[]) => R;

const TABLES = new Map<ResolverClass<object>, RestTable<object>>();

/** Declares a resolver's REST table, right below the resolver; the service mounts and documents exactly these paths. */
export function restTable<R extends object>(resolver: ResolverClass<R>, table: RestTable<R>): void {
  TABLES.set(resolver, table);
}

/** One entry of the flattened table: an operation's path or a pass-through path. */
export type RestEntry =
  | { kind: 'operation'; resolver: ResolverClass<object>; method: string; route: OperationRoute<Method>; tag: string }
  | { kind: 'pass-through'; route: PassThroughRoute };

/** Every REST entry of `resolvers`, in their order; in a table, its pass-through paths first, then its operations' in declaration order. */
export function restEntries(resolvers: readonly ResolverClass<object>[]): RestEntry[] {
  return resolvers.flatMap((resolver): RestEntry[] => {
    const table = TABLES.get(resolver);
    if (!table) return [];
    const operations = Object.entries(table.operations as Record<string, OperationRoute<Method> | OperationRoute<Method>[]>).flatMap(([method, routes]) =>
      [routes].flat().map((route): RestEntry => ({ kind: 'operation', resolver, method, route, tag: route.tag ?? table.tag })),
    );
    return [...(table.passThrough ?? []).map((route): RestEntry => ({ kind: 'pass-through', route })), ...operations];
  });
}

/** A path answered outside the operations (health, metrics): documented like the others, mounted by its own module with what it needs (`D`). */
export interface ServiceRoute<D = never> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** The answers it gives, by status: a JSON body's zod schema, or the media type of a text body. */
  answers: Record<string, { description: string; json?: z.ZodType; text?: string }>;
  handler: (needs: D) => RequestHandler;
}

/**
 * Mounting order: a path whose segment is a literal goes before one with a
 * parameter there (`/v1/webhooks/event-types` before `/v1/webhooks/:id`),
 * whatever the order of declaration; otherwise the table's order holds.
 */
export function mountingOrder<T>(routes: readonly T[], pathOf: (route: T) => string): T[] {
  const shape = (path: string) => path.split('/').map((segment) => (segment.startsWith(':') ? 1 : 0));
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
    return a.length - b.length;
  };
  return routes
    .map((route, index) => ({ route, index, shape: shape(pathOf(route)) }))
    .sort((a, b) => compare(a.shape, b.shape) || a.index - b.index)
    .map(({ route }) => route);
}
