import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface ServiceProcess {
  /** Base URL; empty for ROLE=worker, which serves no HTTP. */
  url: string;
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

const ROOT = path.resolve(__dirname, '../..');

/**
 * Runs the service as its own OS process, exactly as `npm start` does but from
 * sources, for tests that kill it, restart it or run several at once.
 */
export interface SpawnOptions {
  /** Start the process as the leader of its own process group, so `process.kill(-pid, ...)` reaches it as a terminal's Ctrl-C would. */
  ownProcessGroup?: boolean;
}

export function spawnService(
  env: Record<string, string>,
  timeoutMs = 60_000,
  build: 'sources' | 'compiled' = 'sources',
  options: SpawnOptions = {},
): Promise<ServiceProcess> {
  // `compiled` runs `dist/main.js` as `npm start` does (build first), for measurements without the TypeScript hook.
  const args = build === 'compiled' ? ['dist/main.js'] : ['-r', './scripts/register-typescript.js', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // Never the real archive from a test or bench: those of it point it at the archive stand-in.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', UPSTREAM_ARCHIVE_URL: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`service did not start within ${timeoutMs} ms:\n${output.join('\n')}`));
    }, timeoutMs);
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        if (line.includes('"msg":"service started"')) {
          clearTimeout(timer);
          resolve({ url: /"url":"(http:[^"]+)"/.exec(line)?.[1] ?? '', child, output, exited });
        }
      });
    }
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before listening:\n${output.join('\n')}`));
    });
  });
}
