import { requestIdOf } from '../http/request-logging';
import type { Request, RequestHandler, Response } from 'express';
import { signedCredentialsFrom } from '../auth/authenticator';
import type { Caller } from '../auth/caller';
import type { Logger } from '../observability/logger';
import { admitCaller } from '../operations/caller-checks';
import { operationRuleOf, type OperationRule } from '../operations/operation';
import type { GraphQLContext } from '../schema/context';
import { RequestLoaders } from '../schema/request-loaders';
import type { Services } from '../services';
import { inputFrom } from './request-parsing';
import { route } from './route';

/**
 * How a documented path authenticates: `signed` is the `/v1` HMAC headers
 * (contract §6), `bearer` an app token (401 `{"detail"}` when missing or
 * bad), `public` nobody.
 */
export type Authentication = 'signed' | 'bearer' | 'public';

/** How the adapter turns the resolver's result into the documented answer. */
export interface RestReply<T> {
  /** Where the operation's input comes from, so validation issues carry FastAPI's `loc` (`["body", "name"]`). */
  input?: 'body' | 'query';
  /** Success status, or how to read it from the result (a forwarded exchange answer); default 200. */
  status?: number | ((result: T) => number);
  /** The documented wire shape of the result; default the result as it is. `undefined` sends no body. */
  body?: (result: T, res: Response) => unknown;
}

/** Marks handlers mounted on an operation, so a test can prove that no documented path goes around the resolvers. */
export const OPERATION_OF_HANDLER = Symbol('operation');

/** What a handler mounted on an operation enforces, for the generated reference (OpenAPI, the weight table). */
export interface OperationMount {
  operation: string;
  method: string;
  authentication: Authentication;
  rule: OperationRule;
}

export const OPERATION_MOUNT = Symbol('operation mount');

type Method = (...args: never[]) => unknown;
type MethodNames<R> = { [K in keyof R]: R[K] extends Method ? K : never }[keyof R] & string;
type ResultOf<F> = F extends (...args: never[]) => infer T ? Awaited<T> : never;

/**
 * The REST adapter: a documented path answered by calling the same resolver
 * method as GraphQL, with the same context, after the same checks of its one
 * `@Operation` rule (weight, scope). The route only maps the request to the
 * method's arguments and the result to the wire.
 */
export function operationRoutesFor(services: Services, logger: Logger) {
  async function callerOf(authentication: Authentication, req: Request): Promise<Caller | undefined> {
    if (authentication === 'signed') {
      return services.authenticator.signed(signedCredentialsFrom(req.headers), { method: req.method, pathWithQuery: req.originalUrl, body: req.rawBody ?? '' });
    }
    if (authentication === 'bearer') return services.authenticator.bearer(req.get('authorization'));
    return undefined;
  }

  function mount(authentication: Authentication) {
    return <R extends object, K extends MethodNames<R>>(
      resolver: R,
      method: K,
      invoke: (operation: R[K], req: Request, context: GraphQLContext) => ReturnType<Extract<R[K], Method>>,
      reply: RestReply<ResultOf<R[K]>> = {},
    ): RequestHandler => {
      const rule = operationRuleOf(resolver, method);
      if (!rule) throw new Error(`${resolver.constructor.name}.${method} declares no @Operation rule`);
      const operation = (resolver[method] as Method).bind(resolver) as R[K];
      const handler = route(async (req, res) => {
        const caller = await callerOf(authentication, req);
        if (caller) await admitCaller(services.weightBudget, caller, [rule], (name, value) => res.setHeader(name, value));
        const context: GraphQLContext = {
          services,
          logger,
          requestId: requestIdOf(req),
          caller,
          dataApiKey: req.get('x-data-api-key'),
          loaders: new RequestLoaders(),
        };
        const call = () => Promise.resolve(invoke(operation, req, context)) as Promise<ResultOf<R[K]>>;
        const result = reply.input ? await inputFrom(reply.input, call) : await call();
        const status = typeof reply.status === 'function' ? reply.status(result) : reply.status;
        return { status, body: reply.body ? reply.body(result, res) : result };
      });
      const mounted: OperationMount = { operation: `${resolver.constructor.name}.${method}`, method, authentication, rule };
      return Object.assign(handler, { [OPERATION_OF_HANDLER]: mounted.operation, [OPERATION_MOUNT]: mounted });
    };
  }

  return { signed: mount('signed'), bearer: mount('bearer'), public: mount('public') };
}

export type OperationRoutes = ReturnType<typeof operationRoutesFor>;

/** A path parameter as one string (express 5 gives arrays for repeated wildcards). */
export function pathParam(req: Request, name: string): string {
  return String(req.params[name]);
}

/** One field of a JSON body, whatever the body is (absent, an array, a scalar): the operation validates its value. */
export function bodyField(req: Request, name: string): unknown {
  const body: unknown = req.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}
