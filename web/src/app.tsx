import { useEffect, useRef, useState } from 'preact/hooks';
import { clearCredentials, loadCredentials, saveCredentials } from './api/credentials';
import { execute } from './api/graphql-client';
import { ErrorMessage, Loading } from './components/messages';
import { MeDocument } from './graphql/generated';
import type { Session } from './session';
import { Backtests } from './views/backtests';
import { Market } from './views/market';
import { PublicStrategies } from './views/public-strategies';
import { SignIn } from './views/sign-in';
import { Strategies } from './views/strategies';
import { Webhooks } from './views/webhooks';
import { ChartAttribution } from './components/chart-attribution';

/** Views by hash route (`#/backtests`), so the service serves one page at `/`. */
const ROUTES = {
  market: { title: 'Market', view: Market },
  backtests: { title: 'Backtests', view: Backtests },
  strategies: { title: 'Strategies', view: Strategies },
  'public-strategies': { title: 'Public strategies', view: PublicStrategies },
  webhooks: { title: 'Webhooks', view: Webhooks },
} as const;

type RouteName = keyof typeof ROUTES;

function currentRoute(): RouteName {
  const name = location.hash.replace(/^#\/?/, '');
  return name in ROUTES ? (name as RouteName) : 'market';
}

function useRoute(): RouteName {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

export function App() {
  const [session, setSession] = useState<Session | null>();
  const [restoreError, setRestoreError] = useState<string>();
  const route = useRoute();
  const main = useRef<HTMLElement>(null);

  // A reload keeps the tab's credentials: check they still work before showing the views.
  useEffect(() => {
    const credentials = loadCredentials();
    if (!credentials) return setSession(null);
    execute(credentials, MeDocument).then(
      ({ me }) => setSession({ credentials, user: me }),
      () => {
        clearCredentials();
        setRestoreError('Your previous sign-in no longer works: sign in again.');
        setSession(null);
      },
    );
  }, []);
  const shown = useRef(false);
  useEffect(() => {
    document.title = `${session ? ROUTES[route].title : 'Sign in'} · futures service`;
    // After a navigation or a sign-in, screen readers start at the new content; the first page load keeps the browser's own focus.
    if (shown.current) main.current?.focus();
    shown.current = session !== undefined;
  }, [route, session]);

  const View = ROUTES[route].view;
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <h1>Futures service</h1>
        {session && (
          <nav aria-label="Sections">
            <ul>
              {Object.entries(ROUTES).map(([name, { title }]) => (
                <li key={name}>
                  <a href={`#/${name}`} aria-current={route === name ? 'page' : undefined}>
                    {title}
                  </a>
                </li>
              ))}
              <li>
                <a href="/graphql">GraphQL IDE</a>
              </li>
            </ul>
          </nav>
        )}
        {session && (
          <div class="who">
            <span data-testid="signed-in-as">{session.user.email}</span>
            <button
              type="button"
              onClick={() => {
                clearCredentials();
                setSession(null);
              }}
            >
              Sign out
            </button>
          </div>
        )}
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {session === undefined && <Loading what="your session" />}
        {session === null && (
          <>
            <ErrorMessage>{restoreError}</ErrorMessage>
            <SignIn
              onSignedIn={(credentials, user) => {
                saveCredentials(credentials);
                setSession({ credentials, user });
              }}
            />
          </>
        )}
        {session && <View session={session} />}
      </main>
      <ChartAttribution />
    </>
  );
}
