import { readFile } from 'node:fs/promises';
import path from 'node:path';

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

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
