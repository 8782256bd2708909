/**
 * How the browser proves who it is: a service API key with its secret (each
 * request signed, contract §6) or an app token (Bearer). Kept in session
 * storage only, so it is gone when the tab closes and the GraphQL IDE opened
 * in the same tab can use it too.
 */
export type Credentials = { kind: 'key'; apiKey: string; secret: string } | { kind: 'token'; token: string };

const STORAGE_KEY = 'futures-service.credentials';

export function loadCredentials(): Credentials | null {
  const stored = sessionStorage.getItem(STORAGE_KEY);
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<Credentials>;
    if (value.kind === 'key' && typeof value.apiKey === 'string' && typeof value.secret === 'string') return value as Credentials;
    if (value.kind === 'token' && typeof value.token === 'string') return value as Credentials;
  } catch {
    // A value this page did not write is treated as no credentials.
  }
  return null;
}

export function saveCredentials(credentials: Credentials): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(credentials));
}

export function clearCredentials(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
