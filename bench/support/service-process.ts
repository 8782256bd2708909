import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const ROOT = path.resolve(__dirname, '../..');

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * The service as its own process, exactly as `npm run dev` runs it (embedded
 * PostgreSQL in `dataDir`, request logging at info). The first process of a
 * benchmark runs `ROLE=all`; others `ROLE=api`, sharing its database.
 */
export async function startServiceProcess(dataDir: string, role: 'all' | 'api', env: Record<string, string>): Promise<ServiceProcess> {
  // e.g. BENCH_SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" to profile the service under load.
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '-r', '@swc-node/register', 'src/main.ts'], {
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
      const url = /"url":"(http:[^"]+)"/.exec(line)?.[1];
      if (url && line.includes('"msg":"service started"')) {
        clearTimeout(timer);
        resolve({ url, child, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before listening`));
    });
  });
}
