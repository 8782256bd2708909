import type { paths } from './openapi-types';
import { signedHeaders, type ApiKey } from './signing';

/**
 * A small typed client of the signed `/v1` API: paths, parameters, bodies and
 * answers are typed by `openapi-types.ts`, which openapi-typescript generates
 * from the service's own `GET /openapi.json` (`npm run docs:generate`).
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that have `method`. */
export type PathsWith<M extends Method> = { [P in keyof paths]-?: undefined extends paths[P][M] ? never : P }[keyof paths];
type OperationOf<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type PathParams<O> = O extends { parameters: { path: infer T } } ? T : never;
type QueryParams<O> = O extends { parameters: { query?: infer T } } ? T : never;
type Body<O> = O extends { requestBody: { content: { 'application/json': infer T } } } ? T : never;
export type Answer<O> = O extends { responses: { 200: { content: { 'application/json': infer T } } } } ? T : undefined;

export interface CallOptions<O> {
  path?: PathParams<O>;
  query?: QueryParams<O>;
  body?: Body<O>;
}

/** A non-2xx answer: its status and the service's error body (`{"error": {code, message, field?}}` on `/v1`). */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${status} ${JSON.stringify(body)}`);
  }

  get code(): string | undefined {
    return (this.body as { error?: { code?: string } } | undefined)?.error?.code;
  }
}

export function createClient(baseUrl: string, key: ApiKey) {
  async function call<M extends Method, P extends PathsWith<M>>(method: M, template: P, options: CallOptions<OperationOf<P, M>> = {}) {
    const params = (options.path ?? {}) as Record<string, string>;
    const path = String(template).replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name])));
    const query = new URLSearchParams(
      Object.entries((options.query ?? {}) as Record<string, unknown>)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]): [string, string] => [name, String(value)]),
    ).toString();
    const pathWithQuery = query ? `${path}?${query}` : path;
    const body = options.body === undefined ? '' : JSON.stringify(options.body);
    const headers = { ...signedHeaders(key, method, pathWithQuery, body), ...(body ? { 'content-type': 'application/json' } : {}) };
    const response = await fetch(`${baseUrl}${pathWithQuery}`, { method: method.toUpperCase(), headers, body: body || undefined });
    const text = await response.text();
    const answer: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new ServiceError(response.status, answer);
    return answer as Answer<OperationOf<P, M>>;
  }

  return {
    get: <P extends PathsWith<'get'>>(path: P, options?: CallOptions<OperationOf<P, 'get'>>) => call('get', path, options),
    post: <P extends PathsWith<'post'>>(path: P, options?: CallOptions<OperationOf<P, 'post'>>) => call('post', path, options),
    patch: <P extends PathsWith<'patch'>>(path: P, options?: CallOptions<OperationOf<P, 'patch'>>) => call('patch', path, options),
    delete: <P extends PathsWith<'delete'>>(path: P, options?: CallOptions<OperationOf<P, 'delete'>>) => call('delete', path, options),
  };
}

export type ServiceClient = ReturnType<typeof createClient>;
