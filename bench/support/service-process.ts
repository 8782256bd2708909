import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/** The Node flags `npm start` runs the service with (package.json `config.node_flags`). */
export const SERVICE_NODE_FLAGS = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { config: { node_flags: string } }).config.node_flags
  .split(' ')
  .filter(Boolean);

export interface ServiceProcess {
  /** Base URL; empty for ROLE=worker, which serves no HTTP. */
  url: string;
  child: ChildProcess;
  /** Where its log goes. */
  logFile: string;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * The service as its own process, as `npm run dev` runs it with `npm start`'s Node flags (embedded
 * PostgreSQL in `dataDir` unless `env` names a DATABASE_URL, request logging
 * at info). The first process of a benchmark runs `ROLE=all`; others
 * `ROLE=api` or `ROLE=worker`, sharing its database.
 *
 * Its log goes to a file in `dataDir`, as a production service's goes to a
 * collector: reading thousands of lines a second in the benchmark process
 * would take CPU from the load generator beside it.
 */
export interface ServiceProcessOptions {
  /** Modules loaded (`-r`) before the service, e.g. a probe that counts SQL statements. */
  preload?: string[];
}

export async function startServiceProcess(
  dataDir: string,
  role: 'all' | 'api' | 'worker',
  env: Record<string, string>,
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  // e.g. BENCH_SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" to profile the service under load.
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const logFile = path.join(dataDir, `service-${role}-${Date.now()}.log`);
  const log = openSync(logFile, 'a');
  const preload = (options.preload ?? []).flatMap((module) => ['-r', module]);
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, ...nodeArgs, '-r', './scripts/register-typescript.js', ...preload, 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ROLE: role, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode} before listening (log: ${logFile})`);
    const started = (await readFile(logFile, 'utf8')).split('\n').find((line) => line.includes('"msg":"service started"'));
    if (started !== undefined) return { url: /"url":"(http:[^"]+)"/.exec(started)?.[1] ?? '', logFile, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`service did not start within 60 s (log: ${logFile})`);
}
