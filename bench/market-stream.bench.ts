import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { print } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { AppTokens } from '../src/auth/app-tokens';
import { WatchMarkPriceDocument } from '../test/graphql/generated';
import { startExchangeStandIn } from '../test/stand-ins/exchange/exchange-stand-in';
import { cpuSeconds } from './support/process-cpu';
import { startServiceProcess } from './support/service-process';

/**
 * `npm run bench -- market-stream`: 1,000 GraphQL subscribers of one
 * symbol's `markPrice` on one service process (contract §15, issue 12).
 *
 * Prints: upstream stream connections the stand-in saw (target: 1), and the
 * fan-out latency from the stand-in's send of each event to each
 * subscriber's receipt of it, p50/p99/max over every (event, subscriber)
 * pair (target: p99 ≤ 50 ms). The stand-in and the subscribers share this
 * process, so one clock measures both ends; the subscribers' own parsing is
 * included in the figures. Each event is 5 % of the pairs, so one event
 * slowed by a garbage collection in either process decides the p99: the
 * first and last receipt of every event are printed to show it.
 */

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20);
const EVENT_SPACING_MS = 500;
/** Events sent to every subscriber before the measured ones: the first event after 1,000 sockets were set up pays for their garbage. */
const WARM_UP_EVENTS = 2;
const STREAM = 'btcusdt@markPrice@1s';
const JWT_SECRET = 'market-stream-benchmark-secret-0123456789';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(50);
  }
}

export async function main(): Promise<void> {
  // Events every second while subscribers join, as the real `@markPrice@1s` (a silent stream is reconnected); the measured ones are sent by hand.
  const exchange = await startExchangeStandIn({ streamEventEveryMs: 1_000 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'market-stream-bench-'));
  const service = await startServiceProcess(dataDir, 'all', {
    UPSTREAM_FAPI_URL: exchange.url,
    UPSTREAM_WEB_URL: exchange.url,
    UPSTREAM_WS_URL: exchange.wsUrl,
    APP_JWT_SECRET: JWT_SECRET,
  });
  const clients: Client[] = [];
  try {
    const token = await new AppTokens(JWT_SECRET, 3_600).issue({ userId: 1, email: 'bench@example.com' });
    /** Receipt time minus send time (the event's `time`), per event time. */
    const delays = new Map<number, number[]>();
    let subscribed = 0;
    const connectStarted = Date.now();
    for (let index = 0; index < SUBSCRIBERS; index += 1) {
      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
      });
      clients.push(client);
      let first = true;
      client.subscribe(
        { query: print(WatchMarkPriceDocument), variables: { symbol: 'BTCUSDT' } },
        {
          next: (value) => {
            const receivedAt = Date.now();
            if (first) {
              first = false;
              subscribed += 1;
            }
            const time = (value.data as { markPrice?: { time: number } } | undefined)?.markPrice?.time;
            delays.get(time ?? -1)?.push(receivedAt - (time ?? 0));
          },
          error: (error) => console.error('subscriber error', error),
          complete: () => undefined,
        },
      );
    }
    await until(() => subscribed === SUBSCRIBERS, 120_000, `${SUBSCRIBERS} subscribers receiving their first value`);
    const connectSeconds = (Date.now() - connectStarted) / 1000;
    await until(() => exchange.streams.connections(STREAM) >= 1, 10_000, 'the upstream stream opening');
    exchange.streams.publishEvery(0);
    await sleep(500);

    const send = (event: number) => {
      const time = Date.now();
      exchange.streams.send(STREAM, {
        e: 'markPriceUpdate',
        E: time,
        s: 'BTCUSDT',
        p: `65000.${event}`,
        P: '65000.0',
        i: '64990.0',
        r: '0.00010000',
        T: time + 3_600_000,
      });
      return time;
    };
    for (let event = 0; event < WARM_UP_EVENTS; event += 1) {
      send(event);
      await sleep(EVENT_SPACING_MS);
    }
    const cpuBefore = await cpuSeconds(service.child.pid!);
    for (let event = WARM_UP_EVENTS; event < WARM_UP_EVENTS + EVENTS; event += 1) {
      delays.set(send(event), []);
      await sleep(EVENT_SPACING_MS);
    }
    await sleep(1_000);
    const cpuAfter = await cpuSeconds(service.child.pid!);
    const cpuPerEventMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1000) / EVENTS;

    const all = [...delays.values()].flat().sort((a, b) => a - b);
    const delivered = all.length;
    const lastReceipt = [...delays.values()].map((samples) => Math.max(...samples));
    const firstReceipt = [...delays.values()].map((samples) => Math.min(...samples));
    process.stdout.write(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}\n`,
    );
    process.stdout.write(`${SUBSCRIBERS} markPrice subscribers of BTCUSDT on one service process (all subscribed in ${connectSeconds.toFixed(1)} s)\n`);
    process.stdout.write(
      `upstream stream connections: open ${exchange.streams.connections(STREAM)}, accepted in total ${exchange.streams.accepted(STREAM)} (target: 1)\n`,
    );
    process.stdout.write(
      `events measured: ${EVENTS}, one every ${EVENT_SPACING_MS} ms, after ${WARM_UP_EVENTS} not measured; deliveries ${delivered} of ${EVENTS * SUBSCRIBERS}\n`,
    );
    process.stdout.write(
      `fan-out, stand-in send → subscriber receipt: p50 ${percentile(all, 0.5)} ms  p99 ${percentile(all, 0.99)} ms  max ${all.at(-1)} ms (target: p99 ≤ 50 ms)\n`,
    );
    process.stdout.write(
      `service CPU per event fanned out to every subscriber: ${cpuPerEventMs === undefined ? 'n/a' : `${cpuPerEventMs.toFixed(1)} ms (${((cpuPerEventMs * 1000) / SUBSCRIBERS).toFixed(1)} µs per subscriber)`}\n`,
    );
    process.stdout.write(`per event, in the order sent: first receipt ${firstReceipt.join(' ')} ms; last receipt ${lastReceipt.join(' ')} ms\n`);
  } finally {
    await Promise.all(clients.map((client) => Promise.resolve(client.dispose())));
    await service.stop();
    await exchange.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
