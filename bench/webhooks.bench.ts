/**
 * Webhook delivery (issues 7 and 16): deliveries per second from the outbox to
 * a local HTTPS receiver, next to a bare HTTPS client posting the same bodies
 * to the same receiver in the same run, and the delay from an event's commit
 * to its arrival. Targets: ≥ 2,000 deliveries/s and p50 ≤ 50 ms on 2 cores.
 *
 * The dispatcher runs in a worker process of its own (ROLE=worker), so its CPU
 * time and the SQL statements it sends can be divided by the deliveries made:
 * on a machine shared with other work those two say what 2 dedicated cores
 * would sustain, where the wall-clock rate says only what this run got.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { recordEvent } from '../src/events/outbox.store';
import { MAX_IN_FLIGHT_PER_WEBHOOK } from '../src/services/webhooks/delivery-queue.store';
import { createTestCa } from '../test/stand-ins/test-ca';
import { WebhookReceiver } from '../test/stand-ins/webhook-receiver';
import { createTestDatabase, startTestService } from '../test/support/test-service';
import { percentile, startBenchDatabase } from './support/bench-database';
import { cpuSeconds, parentPid, processTreeCpuSeconds } from './support/process-cpu';
import { startServiceProcess, type ServiceProcess } from './support/service-process';
import { STATEMENT_COUNTER, statementsSoFar } from './support/statements';

const WEBHOOKS = 10;
/**
 * Events delivered before anything is measured. A worker runs for days: its
 * first thousands of deliveries run code V8 has not compiled yet (measured in
 * a cold burst: the worker's compiler threads took 17 % of a core), which no
 * long-running worker pays. The bare client gets the same warm-up.
 */
const WARM_UP_EVENTS = 200;
const BURST_EVENTS = 500;
const LATENCY_EVENTS = 200;
const LATENCY_SPACING_MS = 20;
/** As many requests in flight as the service allows itself toward these webhooks. */
const BARE_CONCURRENCY = WEBHOOKS * MAX_IN_FLIGHT_PER_WEBHOOK;
const IDLE_SAMPLE_MS = 2_000;

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

interface Usage {
  workerCpu: number;
  databaseCpu: number;
  statements: number;
}

/** The worker's CPU seconds and SQL statements so far, and the CPU seconds of the whole PostgreSQL server (every backend). */
async function usage(worker: ServiceProcess, statementsFile: string, postmaster: number): Promise<Usage> {
  return {
    workerCpu: (await cpuSeconds(worker.child.pid!)) ?? NaN,
    databaseCpu: (await processTreeCpuSeconds(postmaster)) ?? NaN,
    statements: await statementsSoFar(worker, statementsFile),
  };
}

function perDelivery(before: Usage, after: Usage, deliveries: number): string {
  const micros = (seconds: number) => ((seconds / deliveries) * 1e6).toFixed(0);
  return (
    `worker ${micros(after.workerCpu - before.workerCpu)} µs + PostgreSQL ${micros(after.databaseCpu - before.databaseCpu)} µs CPU per delivery,` +
    ` ${((after.statements - before.statements) / deliveries).toFixed(2)} SQL statements per delivery`
  );
}

export async function main(): Promise<void> {
  // A server of its own: PostgreSQL's CPU time is measured, and another benchmark's load must not count.
  const stopDatabase = await startBenchDatabase('futures-service-bench-db-webhooks');
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'futures-bench-webhooks-'));
  const ca = await createTestCa();
  const receiver = new WebhookReceiver(ca.server);
  const url = await receiver.start();
  const env = {
    WEBHOOK_EXTRA_CA_FILE: ca.caFile,
    WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
    DATABASE_URL: database.url,
    // Processes sharing a database must share the key that seals webhook secrets.
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  const service = await startTestService({ ...env, ROLE: 'api', LOG_LEVEL: 'warn' }, database);
  const statementsFile = path.join(dataDir, 'statements.json');
  const worker = await startServiceProcess(dataDir, 'worker', { ...env, BENCH_STATEMENTS_FILE: statementsFile }, { preload: [STATEMENT_COUNTER] });
  const [backend] = await service.service.orm.em.getConnection().execute<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
  const postmaster = (await parentPid(backend!.pid))!;
  const caller = { userId: 1, apiKeyId: null, scopes: ['webhooks:write'] };
  const emit = (count: number) =>
    service.service.orm.em.fork().transactional(async (em) => {
      for (let index = 0; index < count; index += 1) await recordEvent(em, { userId: 1, type: 'strategy.deployed', data: { index } });
    });
  try {
    for (let index = 0; index < WEBHOOKS; index += 1) {
      await service.service.services.webhooks.create(caller, { url: `${url}/hook/${index}`, events: index === 0 ? ['*'] : ['strategy.*'] });
    }

    await emit(WARM_UP_EVENTS);
    await receiver.waitFor(WARM_UP_EVENTS * WEBHOOKS, 120_000);
    await postBare(url, ca.caFile, receiver.received.splice(0), BARE_CONCURRENCY);
    receiver.received.splice(0);

    // What the worker's other loops and PostgreSQL's own processes cost with no deliveries, for judging the per-delivery figures.
    const idleBefore = await usage(worker, statementsFile, postmaster);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SAMPLE_MS));
    const idleAfter = await usage(worker, statementsFile, postmaster);

    const burstBefore = await usage(worker, statementsFile, postmaster);
    const burstStarted = performance.now();
    const burstStartedAt = Date.now();
    for (let sent = 0; sent < BURST_EVENTS; sent += 50) await emit(50);
    const recordedAt = Date.now();
    await receiver.waitFor(BURST_EVENTS * WEBHOOKS, 120_000);
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    // The last successes are recorded just after their answers arrive: wait for the worker to go quiet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const burstAfter = await usage(worker, statementsFile, postmaster);
    const burst = receiver.received.slice(0, BURST_EVENTS * WEBHOOKS);
    const bareSeconds = await postBare(url, ca.caFile, burst, BARE_CONCURRENCY);
    receiver.received.splice(BURST_EVENTS * WEBHOOKS);

    const before = receiver.received.length;
    const trickleBefore = await usage(worker, statementsFile, postmaster);
    for (let index = 0; index < LATENCY_EVENTS; index += 1) {
      await emit(1);
      await new Promise((resolve) => setTimeout(resolve, LATENCY_SPACING_MS));
    }
    await receiver.waitFor(before + LATENCY_EVENTS * WEBHOOKS, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const trickleAfter = await usage(worker, statementsFile, postmaster);
    const delays = receiver.received.slice(before).map((request) => request.at - Date.parse((JSON.parse(request.body) as { timestamp: string }).timestamp));

    console.log(`webhook deliveries: ${BURST_EVENTS} events × ${WEBHOOKS} webhooks = ${BURST_EVENTS * WEBHOOKS} deliveries in ${burstSeconds.toFixed(2)} s`);
    const serviceRate = (BURST_EVENTS * WEBHOOKS) / burstSeconds;
    const bareRate = burst.length / bareSeconds;
    console.log(`  throughput: ${serviceRate.toFixed(0)} deliveries/s (target ≥ 2,000)`);
    console.log(
      `  bare HTTPS client, same bodies and receiver, ${BARE_CONCURRENCY} in flight: ${bareRate.toFixed(0)} posts/s; service/bare = ${((serviceRate / bareRate) * 100).toFixed(0)}%`,
    );
    const deliveries = BURST_EVENTS * WEBHOOKS;
    // The events are recorded by this process on the same 2 cores: the rate while that goes on and the rate after it tell the two apart.
    const duringRecording = burst.filter((request) => request.at <= recordedAt).length;
    const lastAt = Math.max(...burst.map((request) => request.at));
    console.log(
      `  while the ${BURST_EVENTS} events were being recorded (${((recordedAt - burstStartedAt) / 1000).toFixed(2)} s): ${(duringRecording / ((recordedAt - burstStartedAt) / 1000)).toFixed(0)} deliveries/s;` +
        ` after the last one committed: ${((deliveries - duringRecording) / Math.max(0.001, (lastAt - recordedAt) / 1000)).toFixed(0)} deliveries/s`,
    );
    console.log(`  burst: ${perDelivery(burstBefore, burstAfter, deliveries)}`);
    console.log(
      `  event → delivery delay at ${(1000 / LATENCY_SPACING_MS).toFixed(0)} events/s: p50 ${percentile(delays, 0.5)} ms, p99 ${percentile(delays, 0.99)} ms (target p50 ≤ 50 ms)`,
    );
    console.log(`  trickle: ${perDelivery(trickleBefore, trickleAfter, LATENCY_EVENTS * WEBHOOKS)}`);
    const idleSeconds = IDLE_SAMPLE_MS / 1000;
    console.log(
      `  idle, per second: worker ${(((idleAfter.workerCpu - idleBefore.workerCpu) / idleSeconds) * 1e3).toFixed(0)} ms +` +
        ` PostgreSQL ${(((idleAfter.databaseCpu - idleBefore.databaseCpu) / idleSeconds) * 1e3).toFixed(0)} ms CPU,` +
        ` ${((idleAfter.statements - idleBefore.statements) / idleSeconds).toFixed(1)} SQL statements`,
    );
    // A failed attempt or a crashed round would explain a slow run: show the worker's warnings and errors.
    for (const line of (await readFile(worker.logFile, 'utf8')).split('\n')) {
      if (/"level":(40|50|60)/.test(line) || line.includes('webhook delivery failed')) console.error(`  worker: ${line}`);
    }
  } finally {
    await worker.stop();
    await service.stop();
    await receiver.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    await stopDatabase();
  }
}
