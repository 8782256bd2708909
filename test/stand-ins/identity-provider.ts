import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { listenLocally, type LocalServer } from './listen';
import { defined } from '../support/defined';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export interface MintOptions {
  issuer?: string;
  audience?: string;
  expiresIn?: string | number;
  /** Sign with a key the provider never published. */
  unpublishedKey?: boolean;
}

/**
 * A local identity provider: RSA keys made in the test, a JWKS endpoint, and
 * `mint` for identity tokens. `mode` makes the JWKS answer 500 or drop the
 * connection, `rotate` publishes a new key (new kid) in place of the old one.
 */
export class IdentityProviderStandIn {
  mode: 'ok' | 'error' | 'down' = 'ok';
  jwksFetches = 0;
  private keys: SigningKey[] = [];
  private server?: LocalServer;

  constructor(
    readonly issuer: string,
    readonly audience: string,
  ) {}

  get jwksUrl(): string {
    return `${this.server!.url}/jwks`;
  }

  async start(): Promise<this> {
    this.keys = [await newKey()];
    this.server = await listenLocally((req, res) => {
      if (this.mode === 'down') {
        req.socket.destroy();
        return;
      }
      this.jwksFetches += 1;
      if (this.mode === 'error' || req.url !== '/jwks') {
        res.writeHead(500).end('internal error');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: this.keys.map((key) => key.publicJwk) }));
    });
    return this;
  }

  stop(): Promise<void> {
    return this.server?.close() ?? Promise.resolve();
  }

  async rotate(): Promise<void> {
    this.keys = [await newKey()];
  }

  async mint(claims: JWTPayload, options: MintOptions = {}): Promise<string> {
    const key = options.unpublishedKey ? await newKey() : defined(this.keys[0], 'a published key');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience ?? this.audience)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(key.privateKey);
  }
}
