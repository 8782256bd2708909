import { signedHeaders, type ApiKey } from '../clients/typescript/signing';

export interface SignedAnswer<T> {
  status: number;
  body: T;
}

/** One signed `/v1` request, as a client would send it. */
export async function signedCall<T>(baseUrl: string, key: ApiKey, method: string, pathWithQuery: string, body = ''): Promise<SignedAnswer<T>> {
  const headers = { ...signedHeaders(key, method, pathWithQuery, body), ...(body ? { 'content-type': 'application/json' } : {}) };
  const response = await fetch(`${baseUrl}${pathWithQuery}`, { method, headers, body: body || undefined });
  return { status: response.status, body: (await response.json()) as T };
}

/** A signed request that must succeed. */
export async function signedOk<T>(baseUrl: string, key: ApiKey, method: string, pathWithQuery: string, body = ''): Promise<T> {
  const answer = await signedCall<T>(baseUrl, key, method, pathWithQuery, body);
  if (answer.status >= 300) throw new Error(`${method} ${pathWithQuery}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
