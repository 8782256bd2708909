import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Certificate } from 'mkcert';
import { createTestCa, type TestCa } from './test-ca';

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** How the receiver answers; switchable while the test runs. */
export type ReceiverBehaviour =
  | { kind: 'ok'; status?: number }
  | { kind: 'fail'; status: number; retryAfter?: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'redirect'; location: string }
  /** Answers 200 and sends `bytes` of body, then never ends the answer. */
  | { kind: 'endless'; bytes: number }
  | { kind: 'drop' };

/**
 * An HTTPS webhook receiver like a customer's endpoint: records every request
 * (headers and exact body) and answers as told.
 */
export class WebhookReceiver {
  readonly received: ReceivedRequest[] = [];
  behaviour: ReceiverBehaviour = { kind: 'ok' };
  private server?: https.Server;
  private waiters: { count: number; resolve: () => void }[] = [];

  constructor(private readonly certificate: Certificate) {}

  async start(): Promise<string> {
    this.server = https.createServer({ key: this.certificate.key, cert: this.certificate.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({
          path: req.url ?? '/',
          headers: Object.fromEntries(Object.entries(req.headers).map(([key, value]) => [key, String(value)])),
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        this.waiters = this.waiters.filter((waiter) => (this.received.length >= waiter.count ? (waiter.resolve(), false) : true));
        this.answer(res, req.socket);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `https://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  private answer(res: import('node:http').ServerResponse, socket: import('node:net').Socket): void {
    const behaviour = this.behaviour;
    switch (behaviour.kind) {
      case 'ok':
        res.writeHead(behaviour.status ?? 200, { 'content-type': 'application/json' }).end('{"ok":true}');
        return;
      case 'fail':
        res.writeHead(behaviour.status, behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {}).end('failure');
        return;
      case 'slow':
        setTimeout(() => res.writeHead(200).end('late'), behaviour.delayMs).unref();
        return;
      case 'endless':
        res.writeHead(200, { 'content-type': 'text/plain' }).write(Buffer.alloc(behaviour.bytes, 'x'));
        return;
      case 'redirect':
        res.writeHead(302, { location: behaviour.location }).end();
        return;
      case 'drop':
        socket.destroy();
    }
  }

  /** Resolves once `count` requests in total have arrived. */
  waitFor(count: number, timeoutMs = 15_000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`receiver got ${this.received.length} of ${count} requests`)), timeoutMs);
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A receiver with a certificate from a CA made for the test, and the service environment that trusts and reaches it. */
export interface ReceiverWorld {
  ca: TestCa;
  receiver: WebhookReceiver;
  /** Base URL of the receiver (https://localhost:port). */
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startReceiverWorld(): Promise<ReceiverWorld> {
  const ca = await createTestCa();
  const receiver = new WebhookReceiver(ca.server);
  const url = await receiver.start();
  return { ca, receiver, url, env: { WEBHOOK_EXTRA_CA_FILE: ca.caFile, WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8' }, stop: () => receiver.stop() };
}
