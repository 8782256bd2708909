import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createCA, createCert } from 'mkcert';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, and what its signature check said. */
export interface ReceivedDelivery {
  received_at: string;
  path: string;
  webhook_id: string;
  type: string;
  /** `verified`: signed by a known secret; `invalid`: by none of them; `unknown secret`: the receiver knows no secret to check with. */
  signature: 'verified' | 'invalid' | 'unknown secret';
  body: string;
}

export interface DemoWebhookReceiver {
  /** Where webhooks deliver to (HTTPS, a certificate the demo's service trusts). */
  hookUrl: string;
  /** The page listing the deliveries (plain HTTP, so a browser opens it without a certificate warning). */
  pageUrl: string;
  /** Secrets whose signatures the receiver checks: the demo webhook's. */
  trust: (secret: string) => void;
  stop: () => Promise<void>;
}

/** Deliveries kept for the page; older ones are dropped. */
const KEPT_DELIVERIES = 200;

/**
 * The demo's own certificate authority, kept in DATA_DIR so the receiver's
 * address and trust stay the same across restarts. The service trusts it
 * through WEBHOOK_EXTRA_CA_FILE, set by the demo only.
 */
export async function receiverCertificates(dataDir: string): Promise<{ caFile: string; key: string; cert: string }> {
  const dir = path.join(dataDir, 'webhook-receiver');
  const caFile = path.join(dir, 'ca.pem');
  const keyFile = path.join(dir, 'server-key.pem');
  const certFile = path.join(dir, 'server.pem');
  try {
    return { caFile, key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const ca = await createCA({ organization: 'futures-service demo CA', countryCode: 'ZZ', state: 'Demo', locality: 'Demo', validity: 3650 });
  const server = await createCert({ ca, domains: ['localhost', '127.0.0.1'], validity: 3650 });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(caFile, ca.cert);
  await writeFile(keyFile, server.key, { mode: 0o600 });
  await writeFile(certFile, server.cert);
  return { caFile, key: server.key, cert: server.cert };
}

/**
 * A webhook endpoint on loopback for trying webhooks offline: it answers 200
 * to every delivery, checks its signature with the reference Standard
 * Webhooks verifier, and lists what arrived on a page (and as JSON at
 * `/deliveries.json`). Its ports are kept in DATA_DIR, so a webhook
 * registered with it, and the page's address, stay the same when the demo restarts.
 */
export async function startWebhookReceiver(dataDir: string): Promise<DemoWebhookReceiver> {
  const { key, cert } = await receiverCertificates(dataDir);
  const secrets: string[] = [];
  const deliveries: ReceivedDelivery[] = [];

  const hooks = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      deliveries.unshift({
        received_at: new Date().toISOString(),
        path: request.url ?? '/',
        webhook_id: headers['webhook-id'] ?? '',
        type: eventType(body),
        signature: checkSignature(secrets, body, headers),
        body,
      });
      deliveries.splice(KEPT_DELIVERIES);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  const page = http.createServer((request, response) => {
    if (request.url?.endsWith('/deliveries.json')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: deliveries }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(renderPage(deliveries));
  });

  const hookPort = await listenOnKeptPort(hooks, path.join(dataDir, 'webhook-receiver', 'hook-port'));
  const pagePort = await listenOnKeptPort(page, path.join(dataDir, 'webhook-receiver', 'page-port'));
  return {
    hookUrl: `https://localhost:${hookPort}/hooks`,
    pageUrl: `http://127.0.0.1:${pagePort}`,
    trust: (secret) => void secrets.push(secret),
    stop: async () => {
      for (const server of [hooks, page]) server.closeAllConnections();
      await Promise.all([hooks, page].map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

function eventType(body: string): string {
  try {
    const type = (JSON.parse(body) as { type?: unknown }).type;
    return typeof type === 'string' ? type : '';
  } catch {
    return '';
  }
}

function checkSignature(secrets: readonly string[], body: string, headers: Record<string, string>): ReceivedDelivery['signature'] {
  if (secrets.length === 0) return 'unknown secret';
  for (const secret of secrets) {
    try {
      new Webhook(secret).verify(body, headers);
      return 'verified';
    } catch {
      // Not this secret's signature (or a stale timestamp): try the next.
    }
  }
  return 'invalid';
}

/** The kept port when it is free (a webhook's url names it), another one otherwise. */
async function listenOnKeptPort(server: http.Server | https.Server, file: string): Promise<number> {
  const kept = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
  const listen = (port: number) =>
    new Promise<boolean>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
  if (Number.isInteger(kept) && kept > 0 && (await listen(kept))) return kept;
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  await writeFile(file, `${port}\n`);
  return port;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function renderPage(deliveries: readonly ReceivedDelivery[]): string {
  const rows = deliveries
    .map(
      (delivery) =>
        `<tr><td>${escapeHtml(delivery.received_at)}</td><td>${escapeHtml(delivery.type)}</td><td><code>${escapeHtml(delivery.webhook_id)}</code></td>` +
        `<td class="${delivery.signature === 'verified' ? 'ok' : 'bad'}">${escapeHtml(delivery.signature)}</td>` +
        `<td><pre>${escapeHtml(prettyJson(delivery.body))}</pre></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Demo webhook receiver</title>
<style>
body{font-family:system-ui,sans-serif;background:#0f1419;color:#d9dee4;margin:2rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #2a3038;padding:.4rem;text-align:left;vertical-align:top}
pre{margin:0;white-space:pre-wrap;font-size:.8rem}.ok{color:#3fb950}.bad{color:#f85149}
</style></head><body>
<h1>Demo webhook receiver</h1>
<p>Every delivery to the demo's webhook endpoint, newest first, and whether its <code>webhook-signature</code> verifies with the demo webhook's secret (<code>WEBHOOK_SECRET</code> in <code>demo.env</code>). The page reloads every 3 seconds; the same list is at <a href="/deliveries.json">/deliveries.json</a>.</p>
<table><thead><tr><th>Received</th><th>Type</th><th>webhook-id</th><th>Signature</th><th>Body</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">Nothing yet: send a test delivery (see docs/webhooks.md).</td></tr>'}</tbody></table>
</body></html>`;
}

function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
