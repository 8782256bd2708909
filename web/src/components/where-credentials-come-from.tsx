/** Under the sign-in form: where a new user finds the key and secret the form asks for. */
export function WhereCredentialsComeFrom() {
  return (
    <p class="hint" data-testid="credentials-hint">
      Trying the demo? Use the <strong>API key</strong> and <strong>API secret</strong> that <code>npm run demo</code> printed; they are also in{' '}
      <code>.demo-data/demo.env</code> (<code>API_KEY</code>, <code>API_SECRET</code>), or sign in with its <code>APP_TOKEN</code>. Otherwise an operator makes
      a key with <code>npm run --silent admin -- create-api-key --email you@example.com</code>.
    </p>
  );
}
