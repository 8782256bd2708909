import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { signedHeaders } from '../../clients/typescript/signing';
import { request } from '../support/http';
import { isAlive } from '../support/postgres-process';
import { demoEnv, demoNodePid, startDemo, stoppedDemo, type DemoProcess } from './demo-process';
import { waitFor } from '../support/wait';

const ROOT = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Delivery {
  type: string;
  webhook_id: string;
  signature: string;
}

/**
 * Issue 31: the demo stops what it started whichever way it is stopped, keeps
 * its credentials across restarts (until `--reset`), prints an admin command
 * that works as printed, and comes with a webhook receiver that verifies.
 * One data folder through three runs, as a user's checkout goes.
 */
describe('npm run demo, started, stopped and started again', () => {
  let dataDir: string;
  let port: number;
  const demos: DemoProcess[] = [];

  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'demo-')), '.demo-data');
    await chmod(path.dirname(dataDir), 0o755); // as root, the embedded PostgreSQL runs as `postgres`, which must reach the folder
    port = await freePort();
  });

  afterAll(async () => {
    for (const demo of demos) {
      if (demo.child.exitCode === null && demo.child.signalCode === null) process.kill(-demo.child.pid!, 'SIGKILL');
      if (isAlive(demo.databasePid)) process.kill(demo.databasePid, 'SIGKILL');
    }
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it("first run: the printed admin command makes a token the demo accepts, the receiver verifies the demo webhook's deliveries, and Ctrl-C (twice) stops PostgreSQL too", async () => {
    const demo = await startDemo('node', dataDir, port);
    demos.push(demo);
    const env = await demoEnv(dataDir);
    expect((await request(env.SERVICE_URL!, 'GET', '/readyz')).status).toBe(200);

    const hint = /admin: (.+)\)$/m.exec(demo.banner)?.[1] ?? '';
    expect(hint).toBe(`DATA_DIR=${dataDir} npm run --silent admin -- create-app-token --email demo@example.com`);
    const { stdout } = await promisify(execFile)('sh', ['-c', hint], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    const token = (JSON.parse(stdout) as { access_token: string }).access_token;
    const keys = await request<{ data: { api_key: string }[] }>(env.SERVICE_URL!, 'GET', '/account/api-keys', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(keys.status).toBe(200);
    expect(JSON.stringify(keys.body)).toContain(env.API_KEY);

    const testPath = `/v1/webhooks/${env.WEBHOOK_ID}/test`;
    const sent = await fetch(`${env.SERVICE_URL}${testPath}`, {
      method: 'POST',
      headers: signedHeaders({ apiKey: env.API_KEY!, apiSecret: env.API_SECRET! }, 'POST', testPath),
    });
    expect(await sent.json()).toMatchObject({ delivered: true, response_status: 200 });
    expect(demo.printed('webhook')).toBe(env.WEBHOOK_ID);
    let deliveries: Delivery[] = [];
    await waitFor(
      "the receiver got the test delivery and the sample backtest's job_done",
      async () => {
        deliveries = (await request<{ data: Delivery[] }>(env.WEBHOOK_RECEIVER_PAGE!, 'GET', '/deliveries.json')).body.data;
        return ['webhook.test', 'backtest.job_done'].every((type) => deliveries.some((delivery) => delivery.type === type));
      },
      { timeoutMs: 20_000 },
    );
    expect(new Set(deliveries.map((delivery) => delivery.signature))).toEqual(new Set(['verified']));
    const page = await fetch(env.WEBHOOK_RECEIVER_PAGE!);
    expect(await page.text()).toContain('webhook.test');

    process.kill(-demo.child.pid!, 'SIGINT');
    process.kill(-demo.child.pid!, 'SIGINT');
    expect(await stoppedDemo(demo)).toEqual({ code: 0, databaseLeftRunning: false });
  }, 240_000);

  it('npm run demo again keeps the key, the secret and demo.env as they were; one SIGINT to its node process stops PostgreSQL too', async () => {
    const before = await readFile(path.join(dataDir, 'demo.env'), 'utf8');
    const demo = await startDemo('npm run demo', dataDir, port);
    demos.push(demo);
    expect(await readFile(path.join(dataDir, 'demo.env'), 'utf8')).toBe(before);
    expect(demo.printed('API key')).toBe((await demoEnv(dataDir)).API_KEY);

    process.kill(await demoNodePid(demo), 'SIGINT');
    expect(await stoppedDemo(demo)).toEqual({ code: 0, databaseLeftRunning: false });
  }, 240_000);

  it('--reset starts over with new credentials; SIGTERM stops PostgreSQL too', async () => {
    const before = await demoEnv(dataDir);
    const demo = await startDemo('node', dataDir, port, ['--reset']);
    demos.push(demo);
    const after = await demoEnv(dataDir);
    expect(after.API_KEY).not.toBe(before.API_KEY);
    expect(after.WEBHOOK_SECRET).not.toBe(before.WEBHOOK_SECRET);
    const old = await request(after.SERVICE_URL!, 'GET', '/account/api-keys', { headers: { authorization: `Bearer ${before.APP_TOKEN}` } });
    expect(old.status).toBe(401); // a new database and new signing secrets: nothing from before the reset is accepted

    demo.child.kill('SIGTERM');
    expect(await stoppedDemo(demo)).toEqual({ code: 0, databaseLeftRunning: false });
  }, 240_000);
});
