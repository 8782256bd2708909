import type { Request, RequestHandler } from 'express';
import { signedCredentialsFrom } from '../auth/authenticator';
import type { Caller } from '../auth/caller';
import { requestIdOf } from '../http/request-logging';
import type { Logger } from '../observability/logger';
import { admitCaller } from '../operations/caller-checks';
import { operationRuleOf } from '../operations/operation';
import { CSV_MEDIA_TYPE, type OperationRoute, type PathAuth } from '../operations/rest-table';
import { requestContext } from '../schema/context';
import type { Services } from '../services';
import { inputFrom } from './request-parsing';
import { route } from './route';

type Method = (...args: never[]) => unknown;

/**
 * The REST adapter: a path of the table answered by calling the same
 * resolver method as GraphQL, with the same context, after the same checks
 * of its one `@Operation` rule (weight, scope). The entry only maps the
 * request to the method's arguments and the result to the wire.
 */
export function operationHandler(services: Services, logger: Logger, resolver: object, method: string, entry: OperationRoute<Method>): RequestHandler {
  const rule = operationRuleOf(resolver.constructor, method);
  if (!rule) throw new Error(`${resolver.constructor.name}.${method} has a REST path but declares no @Operation rule`);
  const operation = ((resolver as Record<string, Method>)[method] as Method).bind(resolver);
  const empty = 'empty' in entry.response;
  return route(async (req, res) => {
    const caller = await callerOf(services, entry.auth, req);
    if (caller) await admitCaller(services.weightBudget, caller, [rule], (name, value) => res.setHeader(name, value));
    const context = requestContext(services, logger, { requestId: requestIdOf(req), caller, dataApiKey: req.get('x-data-api-key') });
    const call = () => Promise.resolve(entry.call(operation, req, context));
    const result = entry.input ? await inputFrom(entry.input, call) : await call();
    if (empty) return { status: typeof entry.status === 'number' ? entry.status : 204 };
    const status = typeof entry.status === 'function' ? entry.status(result) : entry.status;
    return { status, body: entry.reply ? entry.reply(result, res) : result, type: 'csv' in entry.response ? CSV_MEDIA_TYPE : undefined };
  });
}

function callerOf(services: Services, auth: PathAuth, req: Request): Promise<Caller> | undefined {
  if (auth === 'signed') {
    return services.authenticator.signed(signedCredentialsFrom(req.headers), { method: req.method, pathWithQuery: req.originalUrl, body: req.rawBody ?? '' });
  }
  if (auth === 'bearer') return services.authenticator.bearer(req.get('authorization'));
  // Public and plan-key paths: the plan key is the operation's to check (context.dataApiKey).
  return undefined;
}
