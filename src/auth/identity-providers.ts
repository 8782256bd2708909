import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { IdentityProviderConfig } from '../config/config';
import { AppError } from '../errors/app-error';

export type ProviderName = 'a' | 'b';

/** What sign-in needs from a verified identity token. */
export interface VerifiedIdentity {
  provider: ProviderName;
  subject: string;
  email: string;
  name: string;
}

/**
 * Keys are fetched once and cached (10 min); a token naming an unknown `kid`
 * triggers a refetch, at most once a second, so a provider's key rotation is
 * picked up at once while a flood of made-up kids cannot flood the provider.
 */
const JWKS_OPTIONS = { cacheMaxAge: 600_000, cooldownDuration: 1_000, timeoutDuration: 5_000 };

/** Failures that say nothing about the token but that the provider's keys could not be had: 503, not 401. */
function isKeySetUnavailable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error.code === errors.JOSEError.code;
}

function isVerifiedEmail(payload: JWTPayload): boolean {
  return payload.email_verified === true || payload.email_verified === 'true';
}

/** Verifies provider identity tokens (contract §5): signature against the JWKS, `exp`, `iss`, `aud`, a verified email. */
export class IdentityProviders {
  private readonly keySets: Record<ProviderName, ReturnType<typeof createRemoteJWKSet>>;

  constructor(private readonly providers: Record<ProviderName, IdentityProviderConfig>) {
    this.keySets = {
      a: createRemoteJWKSet(new URL(providers.a.jwksUrl), JWKS_OPTIONS),
      b: createRemoteJWKSet(new URL(providers.b.jwksUrl), JWKS_OPTIONS),
    };
  }

  async verify(provider: ProviderName, token: string): Promise<VerifiedIdentity> {
    const settings = this.providers[provider];
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keySets[provider], {
        issuer: settings.issuers,
        audience: settings.audiences.length > 0 ? settings.audiences : undefined,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (isKeySetUnavailable(error)) throw new AppError('DEPENDENCY_UNAVAILABLE', 'identity provider unavailable');
      throw new AppError('UNAUTHENTICATED', 'invalid or expired identity token');
    }
    if (typeof payload.email !== 'string' || payload.email.length === 0 || !isVerifiedEmail(payload)) {
      throw new AppError('UNAUTHENTICATED', 'email not verified');
    }
    return {
      provider,
      subject: String(payload.sub),
      email: payload.email.toLowerCase(),
      name: typeof payload.name === 'string' ? payload.name : '',
    };
  }
}
