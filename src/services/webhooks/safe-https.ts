import { readFileSync } from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import type { LookupFunction } from 'node:net';
import { MAX_IN_FLIGHT_PER_PROCESS } from './delivery-queue.store';
import { AddressRefusedError, type AddressPolicy } from './public-address';

export const DELIVERY_TIMEOUT_MS = 8_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_AGENTS = 1000;
/**
 * Connections kept per (host, address, port), busy or idle: as many as the
 * process may have in flight. Several webhooks may share a host, each with
 * its own attempts in flight: a smaller pool queues their requests, and
 * keeping fewer idle than are busy closes and re-handshakes connections all
 * through a burst (measured: TLS setup was the largest cost per delivery with
 * 8 busy and 4 idle for 10 webhooks).
 */
const SOCKETS_PER_ADDRESS = MAX_IN_FLIGHT_PER_PROCESS;

export interface DeliveryResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  timeMs: number;
}

export interface DeliveryRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The only way the service talks to webhook receivers (contract §10): HTTPS
 * only, the host resolved and checked at every attempt and the connection made
 * to the checked address (SNI and certificate still for the host name), no
 * redirects, no proxy variables, an 8 s deadline for the whole exchange, and
 * at most 64 KB of the answer read.
 */
/** The 8 s deadline of an attempt passed. */
class DeliveryTimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

export class SafeHttpsClient {
  private readonly ca: string[];
  private builtSecureContext: tls.SecureContext | undefined;
  /**
   * Keep-alive connections per (host, checked address, port): an attempt
   * reuses a connection only to the address it has just resolved and checked,
   * so the rebinding rule holds while most deliveries skip the TLS handshake.
   */
  private readonly agents = new Map<string, https.Agent>();

  constructor(
    private readonly policy: AddressPolicy,
    extraCaFile?: string,
  ) {
    // Read now, so a missing file still stops the start.
    this.ca = extraCaFile ? [...tls.rootCertificates, readFileSync(extraCaFile, 'utf8')] : [...tls.rootCertificates];
  }

  /**
   * Built at the first delivery, then kept: parsing the whole root store (about 50 ms of CPU) per connection would cost
   * more than the delivery itself, and a service that never delivers (most of the services the tests start) never pays it.
   */
  private get secureContext(): tls.SecureContext {
    return (this.builtSecureContext ??= tls.createSecureContext({ ca: this.ca }));
  }

  async post(request: DeliveryRequest): Promise<DeliveryResponse> {
    const url = new URL(request.url);
    if (url.protocol !== 'https:') throw new AddressRefusedError('only https:// urls are delivered to');
    const started = performance.now();
    const target = await this.policy.resolvePermitted(url.hostname);
    const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
      else callback(null, target.address, target.family);
    };
    const options: https.RequestOptions & { secureContext: tls.SecureContext } = {
      protocol: 'https:',
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || 443,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body), 'user-agent': 'futures-service-webhooks/1' },
      lookup: pinnedLookup,
      servername: isIpLiteral(url.hostname) ? undefined : url.hostname,
      secureContext: this.secureContext,
      agent: this.agentFor(url, target.address),
    };
    return new Promise<DeliveryResponse>((resolve, reject) => {
      // One timer for the whole exchange: cheaper per attempt than an AbortSignal wired through the request and its streams.
      const deadline = setTimeout(() => outgoing.destroy(new DeliveryTimeoutError()), DELIVERY_TIMEOUT_MS);
      const settle =
        <T>(settler: (value: T) => void) =>
        (value: T) => {
          clearTimeout(deadline);
          settler(value);
        };
      const outgoing = https.request(options, (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        const finish = () =>
          settle(resolve)({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            timeMs: Math.round(performance.now() - started),
          });
        response.on('data', (chunk: Buffer) => {
          if (received >= MAX_RESPONSE_BYTES) return;
          chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - received));
          received += chunk.length;
          if (received >= MAX_RESPONSE_BYTES) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', settle(reject));
      });
      outgoing.on('error', settle(reject));
      outgoing.end(request.body);
    });
  }

  private agentFor(url: URL, address: string): https.Agent {
    const key = `${url.hostname}|${address}|${url.port || 443}`;
    let agent = this.agents.get(key);
    if (!agent) {
      if (this.agents.size >= MAX_AGENTS) this.evictOldestAgent();
      agent = new https.Agent({
        keepAlive: true,
        maxSockets: SOCKETS_PER_ADDRESS,
        maxFreeSockets: SOCKETS_PER_ADDRESS,
        timeout: DELIVERY_TIMEOUT_MS,
        scheduling: 'lifo',
      });
      this.agents.set(key, agent);
    }
    return agent;
  }

  private evictOldestAgent(): void {
    const [oldest] = this.agents.keys();
    if (oldest === undefined) return;
    this.agents.get(oldest)?.destroy();
    this.agents.delete(oldest);
  }

  /** Closes idle keep-alive connections (at shutdown). */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  /** Checks at registration that the host is public and serves a certificate that verifies (self-signed and http:// are refused). */
  async checkReachable(rawUrl: string): Promise<void> {
    const url = new URL(rawUrl);
    const target = await this.policy.resolvePermitted(url.hostname);
    await new Promise<void>((resolve, reject) => {
      const socket = tls.connect({
        host: target.address,
        port: Number(url.port || 443),
        servername: isIpLiteral(url.hostname) ? undefined : url.hostname,
        secureContext: this.secureContext,
        timeout: DELIVERY_TIMEOUT_MS,
      });
      socket.once('secureConnect', () => {
        socket.end();
        resolve();
      });
      socket.once('timeout', () => {
        socket.destroy();
        reject(new Error('TLS handshake timed out'));
      });
      socket.once('error', reject);
    });
  }
}

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/** A short reason for a failed attempt, safe to show the account owner. */
export function describeDeliveryError(error: unknown): string {
  if (error instanceof AddressRefusedError) return error.message;
  const failure = error as NodeJS.ErrnoException & { name?: string };
  if (failure?.name === 'TimeoutError' || failure?.name === 'AbortError') return `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  if (failure?.code) return `${failure.code}: ${failure.message}`;
  return failure?.message ?? 'delivery failed';
}
