import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const ROOT = path.resolve(__dirname, '../..');

export interface ServiceProcess {
  /** Base URL; empty for ROLE=worker, which serves no HTTP. */
  url: string;
  child: ChildProcess;
  /** The process's standard output, line by line, for benchmarks that read what a preloaded probe prints. */
  lines: readline.Interface;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

export interface ServiceProcessOptions {
  /** Modules loaded (`-r`) before the service, e.g. a probe that counts SQL statements. */
  preload?: string[];
}

/**
 * The service as its own process, exactly as `npm run dev` runs it (embedded
 * PostgreSQL in `dataDir` unless `env` names a DATABASE_URL, request logging
 * at info). The first process of a benchmark runs `ROLE=all`; others `ROLE=api`
 * or `ROLE=worker`, sharing its database.
 */
export async function startServiceProcess(
  dataDir: string,
  role: 'all' | 'api' | 'worker',
  env: Record<string, string>,
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  // e.g. BENCH_SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" to profile the service under load.
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const preload = (options.preload ?? []).flatMap((module) => ['-r', module]);
  const child = spawn(process.execPath, [...nodeArgs, '-r', '@swc-node/register', ...preload, 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ROLE: role, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('service did not start within 60 s'));
    }, 60_000);
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.includes('"msg":"service started"')) {
        clearTimeout(timer);
        resolve({ url: /"url":"(http:[^"]+)"/.exec(line)?.[1] ?? '', child, lines, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before listening`));
    });
  });
}
