import { decodeJwt, SignJWT } from 'jose';
import { MeDocument, SignInDocument } from '../graphql/generated';
import type { SignInResult } from '../../src/services/identity/users.service';
import { graphql, request } from '../support/http';
import { bearer, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { defined } from '../support/defined';
import { anyOf, anyString, matching } from '../support/matchers';

const APP_JWT_SECRET = 'test-app-jwt-secret-of-at-least-32-characters';
const NAIVE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

describe('sign-in with identity-provider tokens and app tokens', () => {
  let world: OutsideWorld;
  let service: TestService;
  const signInA = <T = unknown>(json: unknown) => request<T>(service.url, 'POST', '/auth/mobile/provider-a', { json });
  const signInB = <T = unknown>(json: unknown) => request<T>(service.url, 'POST', '/auth/mobile/provider-b', { json });

  beforeAll(async () => {
    world = await startOutsideWorld();
    service = await startTestService({ ...world.env, APP_JWT_SECRET, APP_TOKEN_TTL_SECONDS: '3600' });
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  it.each([
    ['answers 500', 'error'],
    ['drops the connection', 'down'],
  ] as const)('sign-in answers 503 when the JWKS %s', async (_label, mode) => {
    world.providerB.mode = mode;
    const token = await world.providerB.mint({ sub: 'b-503', email: 'x@example.com', email_verified: true });
    const response = await signInB({ identity_token: token });
    world.providerB.mode = 'ok';
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ detail: 'identity provider unavailable' });
  });

  it('provider A: a valid id_token answers the app token and the spec user object', async () => {
    const idToken = await world.providerA.mint({ sub: 'a-1', email: 'Ann@Example.com', email_verified: true, name: 'Ann' });
    const response = await signInA<SignInResult>({ id_token: idToken });
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual({
      id: anyOf(Number),
      email: 'ann@example.com',
      name: 'Ann',
      provider_a_id: 'a-1',
      provider_b_id: null,
      is_vip: false,
      vip_expires_at: null,
      created_at: matching(NAIVE_TIMESTAMP),
      updated_at: matching(NAIVE_TIMESTAMP),
    });
    const claims = decodeJwt(response.body.access_token);
    expect(claims).toEqual({
      sub: String(response.body.user.id),
      email: 'ann@example.com',
      iss: 'futures-service',
      iat: anyOf(Number),
      exp: anyOf(Number),
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('email_verified given as the string "true" is accepted', async () => {
    const idToken = await world.providerA.mint({ sub: 'a-str', email: 'str@example.com', email_verified: 'true' });
    expect((await signInA({ id_token: idToken })).status).toBe(200);
  });

  it('the second issuer and audience of the configured lists are accepted', async () => {
    const idToken = await world.providerA.mint(
      { sub: 'a-iss', email: 'iss@example.com', email_verified: true },
      { issuer: 'accounts.provider-a.test', audience: 'other-client' },
    );
    expect((await signInA({ id_token: idToken })).status).toBe(200);
  });

  it.each<[string, () => Promise<string>]>([
    [
      'an expired token',
      () => world.providerA.mint({ sub: 'x', email: 'e@example.com', email_verified: true }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
    ],
    ['a wrong issuer', () => world.providerA.mint({ sub: 'x', email: 'e@example.com', email_verified: true }, { issuer: 'https://evil.test' })],
    ['a wrong audience', () => world.providerA.mint({ sub: 'x', email: 'e@example.com', email_verified: true }, { audience: 'someone-else' })],
    ['email_verified false', () => world.providerA.mint({ sub: 'x', email: 'e@example.com', email_verified: false })],
    ['email_verified missing', () => world.providerA.mint({ sub: 'x', email: 'e@example.com' })],
    ['no email', () => world.providerA.mint({ sub: 'x', email_verified: true })],
    ['a key the provider never published', () => world.providerA.mint({ sub: 'x', email: 'e@example.com', email_verified: true }, { unpublishedKey: true })],
    [
      'a tampered payload',
      async () => {
        const [header, , sig] = (await world.providerA.mint({ sub: 'x', email: 'e@example.com', email_verified: true })).split('.');
        return [header, Buffer.from(JSON.stringify({ sub: 'y', email: 'admin@example.com', email_verified: true })).toString('base64url'), sig].join('.');
      },
    ],
    ['not a JWT at all', async () => 'not-a-token'],
    ['a token of the other provider', () => world.providerB.mint({ sub: 'x', email: 'e@example.com', email_verified: true })],
  ])('sign-in with %s answers 401 with a detail', async (_label, makeToken) => {
    const response = await signInA({ id_token: await makeToken() });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: anyString() });
  });

  it('a missing id_token answers 422 FastAPI-style', async () => {
    const response = await signInA({});
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ type: 'missing', loc: ['body', 'id_token'], msg: 'Field required' }] });
  });

  it('one person signing in with both providers is one user, linked by e-mail', async () => {
    const viaA = await signInA<SignInResult>({ id_token: await world.providerA.mint({ sub: 'link-a', email: 'both@example.com', email_verified: true }) });
    const viaB = await signInB<SignInResult>({
      identity_token: await world.providerB.mint({ sub: 'link-b', email: 'BOTH@example.com', email_verified: 'true' }),
    });
    expect(viaB.status).toBe(200);
    expect(viaB.body.user).toMatchObject({ id: viaA.body.user.id, provider_a_id: 'link-a', provider_b_id: 'link-b' });
  });

  it('the provider id links before the e-mail: a changed e-mail still finds the same user', async () => {
    const first = await signInA<SignInResult>({ id_token: await world.providerA.mint({ sub: 'stable-sub', email: 'old@example.com', email_verified: true }) });
    const second = await signInA<SignInResult>({ id_token: await world.providerA.mint({ sub: 'stable-sub', email: 'new@example.com', email_verified: true }) });
    expect(second.body.user.id).toBe(first.body.user.id);
  });

  it('a rotated provider key (unknown kid) makes the service refetch the JWKS', async () => {
    await signInA({ id_token: await world.providerA.mint({ sub: 'rot', email: 'rot@example.com', email_verified: true }) });
    const fetches = world.providerA.jwksFetches;
    await world.providerA.rotate();
    // the JWKS cache refetches at most once a second (cooldownDuration in src/auth/identity-providers.ts): time has to pass
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await signInA({ id_token: await world.providerA.mint({ sub: 'rot', email: 'rot@example.com', email_verified: true }) });
    expect(response.status).toBe(200);
    expect(world.providerA.jwksFetches).toBe(fetches + 1);
  });

  it('JWKS responses are cached: repeated sign-ins do not refetch', async () => {
    const fetches = world.providerA.jwksFetches;
    for (let index = 0; index < 3; index += 1) {
      expect((await signInA({ id_token: await world.providerA.mint({ sub: 'c', email: 'c@example.com', email_verified: true }) })).status).toBe(200);
    }
    expect(world.providerA.jwksFetches).toBe(fetches);
  });

  describe('app tokens on REST user endpoints', () => {
    const appToken = (claims: Record<string, unknown>, issuer: string, expiresAt: number, secret = APP_JWT_SECRET) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(secret));

    it('a valid Bearer token is accepted', async () => {
      const signIn = await signInA<SignInResult>({ id_token: await world.providerA.mint({ sub: 'tok', email: 'tok@example.com', email_verified: true }) });
      const response = await request(service.url, 'GET', '/account/api-keys', { headers: bearer(signIn.body.access_token) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });

    it.each<[string, () => Promise<Record<string, string>>]>([
      ['no Authorization header', async () => ({})],
      ['a non-Bearer scheme', async () => ({ authorization: 'Basic dXNlcjpwYXNz' })],
      ['an expired token', async () => bearer(await appToken({ email: 'e' }, 'futures-service', Math.floor(Date.now() / 1000) - 10))],
      [
        'a token signed with another secret',
        async () => bearer(await appToken({ email: 'e' }, 'futures-service', Math.floor(Date.now() / 1000) + 600, 'x'.repeat(40))),
      ],
      ['a token of another issuer', async () => bearer(await appToken({ email: 'e' }, 'someone-else', Math.floor(Date.now() / 1000) + 600))],
      [
        'a tampered token',
        async () => {
          const signIn = await signInA<SignInResult>({
            id_token: await world.providerA.mint({ sub: 'tamper', email: 'tamper@example.com', email_verified: true }),
          });
          const [header, payload, sig] = signIn.body.access_token.split('.');
          const claims = JSON.parse(Buffer.from(defined(payload, 'a token payload'), 'base64url').toString()) as Record<string, unknown>;
          return bearer([header, Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url'), sig].join('.'));
        },
      ],
    ])('%s answers 401 with a detail', async (_label, headers) => {
      const response = await request(service.url, 'GET', '/account/api-keys', { headers: await headers() });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: anyString() });
    });
  });

  describe('over GraphQL', () => {
    it('signIn with provider B returns the app token, and me resolves the user from it', async () => {
      const token = await world.providerB.mint({ sub: 'gql-b', email: 'gql@example.com', email_verified: true });
      const signedIn = await graphql(service.url, SignInDocument, { provider: 'B', token });
      expect(signedIn.errors).toBeUndefined();
      expect(signedIn.data!.signIn.user).toMatchObject({ email: 'gql@example.com', providerBId: 'gql-b', providerAId: null, isVip: false });
      const me = await graphql(service.url, MeDocument, {}, bearer(signedIn.data!.signIn.accessToken));
      expect(me.data!.me).toEqual({ id: signedIn.data!.signIn.user.id, email: 'gql@example.com', providerAId: null, providerBId: 'gql-b' });
    });

    it('signIn with an invalid token is UNAUTHENTICATED', async () => {
      const response = await graphql(service.url, SignInDocument, { provider: 'A', token: 'nope' });
      expect(response.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
    });

    it('me without credentials is UNAUTHENTICATED', async () => {
      const response = await graphql(service.url, MeDocument);
      expect(response.data).toBeNull();
      expect(response.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
    });

    it('a bad Bearer token fails the whole request with HTTP 401 and UNAUTHENTICATED', async () => {
      const response = await graphql(service.url, MeDocument, {}, bearer('bad.token.here'));
      expect(response.status).toBe(401);
      expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
});
