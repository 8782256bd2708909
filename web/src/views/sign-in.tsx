import { useState } from 'preact/hooks';
import type { Credentials } from '../api/credentials';
import { errorMessage, execute } from '../api/graphql-client';
import { ErrorMessage } from '../components/messages';
import { WhereCredentialsComeFrom } from '../components/where-credentials-come-from';
import { MeDocument, type MeQuery } from '../graphql/generated';

export type SignedInUser = MeQuery['me'];

/** Signs in with a service API key and its secret, or an app token; `me` proves the credentials before they are kept. */
export function SignIn({ onSignedIn }: { onSignedIn: (credentials: Credentials, user: SignedInUser) => void }) {
  const [kind, setKind] = useState<Credentials['kind']>('key');
  const [apiKey, setApiKey] = useState('');
  const [secret, setSecret] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const credentials: Credentials = kind === 'key' ? { kind, apiKey: apiKey.trim(), secret: secret.trim() } : { kind, token: token.trim() };
    setBusy(true);
    setError(undefined);
    try {
      const { me } = await execute(credentials, MeDocument);
      onSignedIn(credentials, me);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="sign-in" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign in</h2>
      <WhereCredentialsComeFrom />
      <form onSubmit={(event) => void submit(event)}>
        <fieldset>
          <legend>Sign in with</legend>
          <label class="inline">
            <input type="radio" name="kind" value="key" checked={kind === 'key'} onChange={() => setKind('key')} /> API key and secret
          </label>
          <label class="inline">
            <input type="radio" name="kind" value="token" checked={kind === 'token'} onChange={() => setKind('token')} /> App token
          </label>
        </fieldset>
        {kind === 'key' ? (
          <>
            <div class="field">
              <label for="api-key">API key</label>
              <input id="api-key" autoComplete="username" required value={apiKey} onInput={(event) => setApiKey(event.currentTarget.value)} />
            </div>
            <div class="field">
              <label for="api-secret">API secret</label>
              <input
                id="api-secret"
                type="password"
                autoComplete="current-password"
                required
                value={secret}
                onInput={(event) => setSecret(event.currentTarget.value)}
                aria-describedby="secret-hint"
              />
              <small id="secret-hint" class="hint">
                Never sent: each request is signed in this browser. Kept for this tab only.
              </small>
            </div>
          </>
        ) : (
          <div class="field">
            <label for="app-token">App token</label>
            <textarea id="app-token" rows={3} required value={token} onInput={(event) => setToken(event.currentTarget.value)} />
          </div>
        )}
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}
