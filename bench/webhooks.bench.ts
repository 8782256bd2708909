/**
 * Webhook delivery (issues 7 and 16): deliveries per second from the outbox to
 * a local HTTPS receiver, next to a bare HTTPS client posting the same bodies
 * to the same receiver in the same run, and the delay from an event's commit
 * to its arrival. Targets: ≥ 2,000 deliveries/s and p50 ≤ 50 ms on 2 cores.
 */
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { recordEvent } from '../src/events/outbox';
import { createTestCa } from '../test/stand-ins/test-ca';
import { WebhookReceiver } from '../test/stand-ins/webhook-receiver';
import { startTestService } from '../test/support/test-service';
import { percentile, startBenchDatabase } from './support/bench-database';

const WEBHOOKS = 10;
const BURST_EVENTS = 500;
const LATENCY_EVENTS = 200;
const LATENCY_SPACING_MS = 20;
/** As many requests in flight as the service allows itself toward 10 webhooks (4 per webhook). */
const BARE_CONCURRENCY = 40;

/** Posts `bodies` with their headers over keep-alive connections, `concurrency` at a time; returns the seconds it took. */
async function postBare(url: string, caFile: string, requests: { path: string; headers: Record<string, string>; body: string }[], concurrency: number) {
  const agent = new https.Agent({ keepAlive: true, maxSockets: concurrency, ca: readFileSync(caFile, 'utf8') });
  const target = new URL(url);
  let next = 0;
  const post = (entry: (typeof requests)[number]) =>
    new Promise<void>((resolve, reject) => {
      const headers = {
        'content-type': 'application/json',
        'webhook-id': entry.headers['webhook-id'] ?? '',
        'webhook-signature': entry.headers['webhook-signature'] ?? '',
      };
      const outgoing = https.request({ hostname: target.hostname, port: target.port, path: entry.path, method: 'POST', headers, agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      });
      outgoing.on('error', reject);
      outgoing.end(entry.body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) await post(requests[next++]!);
    }),
  );
  agent.destroy();
  return (performance.now() - started) / 1000;
}

export async function main(): Promise<void> {
  const stopDatabase = await startBenchDatabase();
  const ca = await createTestCa();
  const receiver = new WebhookReceiver(ca.server);
  const url = await receiver.start();
  const service = await startTestService({ WEBHOOK_EXTRA_CA_FILE: ca.caFile, WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8', LOG_LEVEL: 'warn' });
  const caller = { userId: 1, apiKeyId: null, scopes: ['webhooks:write'] };
  const emit = (count: number) =>
    service.service.orm.em.fork().transactional(async (em) => {
      for (let index = 0; index < count; index += 1) await recordEvent(em, { userId: 1, type: 'strategy.deployed', data: { index } });
    });
  try {
    for (let index = 0; index < WEBHOOKS; index += 1) {
      await service.service.services.webhooks.create(caller, { url: `${url}/hook/${index}`, events: index === 0 ? ['*'] : ['strategy.*'] });
    }

    const burstStarted = performance.now();
    for (let sent = 0; sent < BURST_EVENTS; sent += 50) await emit(50);
    await receiver.waitFor(BURST_EVENTS * WEBHOOKS, 120_000);
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const burst = receiver.received.slice(0, BURST_EVENTS * WEBHOOKS);
    const bareSeconds = await postBare(url, ca.caFile, burst, BARE_CONCURRENCY);
    receiver.received.splice(BURST_EVENTS * WEBHOOKS);

    const before = receiver.received.length;
    for (let index = 0; index < LATENCY_EVENTS; index += 1) {
      await emit(1);
      await new Promise((resolve) => setTimeout(resolve, LATENCY_SPACING_MS));
    }
    await receiver.waitFor(before + LATENCY_EVENTS * WEBHOOKS, 60_000);
    const delays = receiver.received.slice(before).map((request) => request.at - Date.parse((JSON.parse(request.body) as { timestamp: string }).timestamp));

    console.log(`webhook deliveries: ${BURST_EVENTS} events × ${WEBHOOKS} webhooks = ${BURST_EVENTS * WEBHOOKS} deliveries in ${burstSeconds.toFixed(2)} s`);
    const serviceRate = (BURST_EVENTS * WEBHOOKS) / burstSeconds;
    const bareRate = burst.length / bareSeconds;
    console.log(`  throughput: ${serviceRate.toFixed(0)} deliveries/s (target ≥ 2,000)`);
    console.log(
      `  bare HTTPS client, same bodies and receiver, ${BARE_CONCURRENCY} in flight: ${bareRate.toFixed(0)} posts/s; service/bare = ${((serviceRate / bareRate) * 100).toFixed(0)}%`,
    );
    console.log(
      `  event → delivery delay at ${(1000 / LATENCY_SPACING_MS).toFixed(0)} events/s: p50 ${percentile(delays, 0.5)} ms, p99 ${percentile(delays, 0.99)} ms (target p50 ≤ 50 ms)`,
    );
  } finally {
    await service.stop();
    await receiver.stop();
    await stopDatabase();
  }
}
