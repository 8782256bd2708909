import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * `npm run demo -- --reset`: removes the demo's folder (and the PostgreSQL
 * cluster kept outside it when running as root), so the next start seeds a
 * new account, new credentials and an empty database. Refused while a demo
 * still runs on the folder.
 */
export async function startOver(dataDir: string): Promise<void> {
  const location = await readFile(path.join(dataDir, 'postgres.location'), 'utf8').catch(() => '');
  const clusterDir = location.split('\n')[1]?.trim() || path.join(dataDir, 'postgres');
  const serverPid = Number.parseInt((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0] ?? '', 10);
  if (Number.isInteger(serverPid) && isAlive(serverPid)) {
    throw new Error(`a demo is still running on ${dataDir} (PostgreSQL pid ${serverPid}): stop it before --reset`);
  }
  await rm(clusterDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
