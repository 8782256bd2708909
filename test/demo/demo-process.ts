import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { isAlive, postmaster } from '../support/postgres-process';

const ROOT = path.resolve(__dirname, '../..');

export interface DemoProcess {
  child: ChildProcess;
  /** stdout up to and including "ready". */
  banner: string;
  /** The value printed after a banner label (`API key`, `service`, ...). */
  printed: (label: string) => string;
  /** The pid of the demo's PostgreSQL server. */
  databasePid: number;
  exited: Promise<number | null>;
}

/**
 * Starts the demo as a user does, in a process group of its own as a
 * terminal's foreground job (so `process.kill(-pid)` is Ctrl-C), and resolves
 * once it printed "ready".
 */
export function startDemo(command: 'npm run demo' | 'node', dataDir: string, port: number, args: string[] = [], timeoutMs = 150_000): Promise<DemoProcess> {
  const [file, ...argv] =
    command === 'node'
      ? [process.execPath, '-r', './scripts/register-typescript.js', 'demo/main.ts', ...args]
      : ['npm', 'run', '--silent', 'demo', ...(args.length ? ['--', ...args] : [])];
  const child = spawn(file, argv, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ? 128 + signalNumber(signal) : code)));
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`the demo printed no "ready" within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      stdout += `${line}\n`;
      if (line !== 'ready') return;
      clearTimeout(timer);
      const printed = (label: string) => new RegExp(`^  ${label} +(\\S+)`, 'm').exec(stdout)?.[1] ?? '';
      void postmaster(path.join(dataDir, 'postgres')).then(({ pid }) => resolve({ child, banner: stdout, printed, databasePid: pid, exited }), reject);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited ${code} before "ready":\n${stdout}\n${stderr}`));
    });
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  return { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal as string] ?? 0;
}

/** The demo's node process: under `npm run demo`, the one in the group that runs demo/main.ts. */
export async function demoNodePid(demo: DemoProcess): Promise<number> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Field 5 (the 3rd after the parenthesised command) is the process group.
    const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const command = (await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '')).trim();
    // npm runs the script through `sh -c`, whose command line names demo/main.ts too.
    if (group === demo.child.pid && command === 'node' && commandLine.includes('demo/main.ts')) return Number(entry);
  }
  throw new Error(`no process of group ${demo.child.pid} runs demo/main.ts`);
}

/** Waits for the demo to exit; then says whether its PostgreSQL server outlived it. */
export async function stoppedDemo(demo: DemoProcess): Promise<{ code: number | null; databaseLeftRunning: boolean }> {
  const code = await demo.exited;
  return { code, databaseLeftRunning: isAlive(demo.databasePid) };
}

export async function demoEnv(dataDir: string): Promise<Record<string, string>> {
  const text = await readFile(path.join(dataDir, 'demo.env'), 'utf8');
  return Object.fromEntries([...text.matchAll(/^export (\w+)=(.*)$/gm)].map(([, name, value]) => [name!, value!]));
}
