import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { Lifecycle, type Component } from '../../src/lifecycle/lifecycle';
import type { JobRecord } from '../../src/services/backtests/job-records';
import { createLogger } from '../../src/observability/logger';
import { startExchangeStandIn, type ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import { WatchBacktestJobDocument } from '../graphql/generated';
import { jobBody, waitForJob } from '../support/backtest';
import { bearer, newAccount, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { isAlive, postmaster } from '../support/postgres-process';
import { request } from '../support/http';
import { spawnService } from '../support/service-process';
import { waitFor } from '../support/wait';

const ROOT = path.resolve(__dirname, '../..');

describe('the lifecycle stops components in reverse dependency order', () => {
  it('whatever order they were added in', async () => {
    const events: string[] = [];
    const component = (name: string, dependsOn: string[] = []): Component => ({
      name,
      dependsOn,
      start: async () => void events.push(`start ${name}`),
      stop: async () => void events.push(`stop ${name}`),
    });
    // Added "wrongly": the HTTP server before the database, graphql-ws before the server its sockets ride on.
    const lifecycle = new Lifecycle(createLogger('silent')).add(
      component('graphql-ws', ['http-server']),
      component('http-server', ['orm']),
      component('orm', ['database']),
      component('database'),
    );
    await lifecycle.start();
    await lifecycle.stop();
    expect(events).toEqual([
      'start database',
      'start orm',
      'start http-server',
      'start graphql-ws',
      'stop graphql-ws',
      'stop http-server',
      'stop orm',
      'stop database',
    ]);
  });

  it('stops what did start when a later component fails to start', async () => {
    const stopped: string[] = [];
    const lifecycle = new Lifecycle(createLogger('silent')).add(
      { name: 'database', start: async () => undefined, stop: async () => void stopped.push('database') },
      {
        name: 'orm',
        dependsOn: ['database'],
        start: async () => {
          throw new Error('migrations failed');
        },
        stop: async () => void stopped.push('orm'),
      },
    );
    await expect(lifecycle.start()).rejects.toThrow('migrations failed');
    expect(stopped).toEqual(['database']);
  });
});

describe('stopping the service process (issue 17)', () => {
  let world: OutsideWorld;
  let exchange: ExchangeStandIn;
  const dataDirs: string[] = [];

  async function newDataDir(): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-'));
    dataDirs.push(dir);
    return dir;
  }

  beforeAll(async () => {
    world = await startOutsideWorld();
    exchange = await startExchangeStandIn();
  });
  afterAll(async () => {
    await exchange.close();
    await world.stop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('SIGTERM with a graphql-ws subscriber connected and a backtest running exits within 2 s, says "going away" to the socket and stops PostgreSQL', async () => {
    const dataDir = await newDataDir();
    const service = await spawnService({ ...world.env, UPSTREAM_FAPI_URL: exchange.url, DATA_DIR: dataDir, BACKTEST_WORKERS: '1' });
    // The job stays running (loading its history) until the process stops.
    exchange.fault('/fapi/v1/klines', { delayMs: 10_000 });
    try {
      const account = await newAccount(service.url, world, 'sigterm@example.com');
      const created = await account.call<JobRecord>('POST', '/v1/backtest/jobs', jobBody());
      expect(created.status).toBe(200);
      await waitForJob(account.call, created.body.id, (job: JobRecord) => job.status === 'running');

      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: bearer(account.token),
        retryAttempts: 0,
      });
      const closed = new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
      const firstEvent = new Promise<void>((resolve) =>
        client.subscribe(
          { query: print(WatchBacktestJobDocument), variables: { id: created.body.id } },
          { next: () => resolve(), error: () => undefined, complete: () => undefined },
        ),
      );
      await firstEvent;
      const database = await postmaster(path.join(dataDir, 'postgres'));

      const signalled = Date.now();
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(2_000);
      expect(await closed).toBe(1001);
      expect(isAlive(database.pid)).toBe(false);
    } finally {
      exchange.clearFaults();
      if (service.child.exitCode === null) service.child.kill('SIGKILL');
    }
  }, 60_000);

  // The cases after the first start processes of their own and wait on them: they run side by side (the first, which
  // times its exit, runs alone).
  it.concurrent(
    'Ctrl-C prints no warning or stack trace and ends with one line saying the service stopped',
    async () => {
      const service = await spawnService({ DATA_DIR: await newDataDir(), UPSTREAM_FAPI_URL: exchange.url }, 60_000, 'sources', { ownProcessGroup: true });
      const started = service.output.length;
      // A terminal's Ctrl-C reaches the whole foreground process group, PostgreSQL included unless it sits in a group of its own.
      process.kill(-service.child.pid!, 'SIGINT');
      expect(await service.exited).toBe(0);
      const shutdown = service.output.slice(started);
      expect(shutdown.filter((line) => /"level":"(warn|error|fatal)"/.test(line) || line.includes('"stack"'))).toEqual([]);
      expect(shutdown.at(-1)).toContain('"msg":"service stopped"');
      expect(shutdown.filter((line) => line.includes('service stopped'))).toHaveLength(1);
    },
    60_000,
  );

  it.concurrent(
    'SIGTERM sent to the `npm start` process, as a supervisor does, stops node and PostgreSQL',
    async () => {
      const dataDir = await newDataDir();
      const npm = spawn('npm', ['start', '--silent'], {
        cwd: ROOT,
        env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, UPSTREAM_FAPI_URL: exchange.url, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: string[] = [];
      const started = new Promise<void>((resolve) =>
        readline.createInterface({ input: npm.stdout }).on('line', (line) => {
          lines.push(line);
          if (line.includes('"msg":"service started"')) resolve();
        }),
      );
      const exited = once(npm, 'exit');
      // `npm install` built dist/; a start after a change of the sources builds it once more (slowly on a busy machine).
      await Promise.race([started, exited.then(() => Promise.reject(new Error(`npm start ended:\n${lines.join('\n')}`)))]);
      const nodePid = Number(/"pid":(\d+)/.exec(lines.find((line) => line.includes('service started'))!)![1]);
      expect(nodePid).not.toBe(npm.pid);
      const database = await postmaster(path.join(dataDir, 'postgres'));

      npm.kill('SIGTERM');
      await exited;
      await waitFor('node and PostgreSQL stop', () => !isAlive(nodePid) && !isAlive(database.pid), { timeoutMs: 5_000 });
    },
    240_000,
  );

  const asRoot = process.getuid?.() === 0 ? it.concurrent : it.skip;
  asRoot(
    'as root, with DATA_DIR under a folder the postgres user cannot enter, starts and says where it keeps the cluster',
    async () => {
      const blocked = await mkdtemp(path.join('/root', 'lifecycle-'));
      const dataDir = path.join(blocked, 'data');
      await mkdir(dataDir);
      const clusterHome = path.join('/var/lib/futures-service', createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
      try {
        const service = await spawnService({ DATA_DIR: dataDir, UPSTREAM_FAPI_URL: exchange.url });
        try {
          expect(service.output.join('\n')).toContain('keeping the embedded PostgreSQL cluster in clusterDir instead');
          expect((await request(service.url, 'GET', '/readyz')).status).toBe(200);
        } finally {
          service.child.kill('SIGTERM');
          await service.exited;
        }
      } finally {
        await rm(blocked, { recursive: true, force: true });
        await rm(clusterHome, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
