import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { request } from '../support/http';
import { spawnService } from '../support/service-process';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the service with no DATABASE_URL runs its own embedded PostgreSQL', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-restart-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('survives a SIGKILL, keeps stored records, and stops its database on SIGTERM', async () => {
    const first = await spawnService({ DATA_DIR: dataDir });
    const created = await request<{ id: string }>(first.url, 'POST', '/strategies', { json: { name: 'durable' } });
    expect(created.status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await spawnService({ DATA_DIR: dataDir });
    expect(second.output.join('\n')).toContain('stopping PostgreSQL left running by a previous run');
    const fetched = await request(second.url, 'GET', `/strategies/${created.body.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);

    const postgresPid = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(isAlive(postgresPid)).toBe(true);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(isAlive(postgresPid)).toBe(false);
  }, 90_000);
});
