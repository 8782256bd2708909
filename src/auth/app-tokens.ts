import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors/app-error';

export const APP_TOKEN_ISSUER = 'futures-service';

export interface AppTokenClaims {
  userId: number;
  email: string;
}

/** HS256 app tokens (contract §5): `sub` (user id), `email`, `iat`, `exp`, `iss: "futures-service"`. */
export class AppTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(claims: AppTokenClaims): Promise<string> {
    return new SignJWT({ email: claims.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(APP_TOKEN_ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Expired, tampered, foreign-issuer or malformed tokens are all the same 401. */
  async verify(token: string): Promise<AppTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: APP_TOKEN_ISSUER, requiredClaims: ['sub', 'exp'] });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId < 1) throw new Error('bad subject');
      return { userId, email: typeof payload.email === 'string' ? payload.email : '' };
    } catch {
      throw new AppError('UNAUTHENTICATED', 'invalid or expired token');
    }
  }
}
