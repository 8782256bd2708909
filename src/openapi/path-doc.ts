import type { z } from 'zod';
import { operationRuleOf, type OperationRule } from '../operations/operation';
import type { PathAuth, PathError, PathResponse, RestEntry } from '../operations/rest-table';

/** One documented path, whichever kind of entry it comes from. */
export interface PathDoc {
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

/** What the reference says of an entry: a pass-through path's fixed answers, or an operation's table entry with its rule. */
export function pathDocOf(entry: RestEntry): PathDoc {
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
