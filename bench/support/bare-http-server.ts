import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

/**
 * The platform's own ceiling for a benchmark: a bare Node `http` server in a
 * process of its own that answers every request with one fixed body, as the
 * service answers a cache hit. Measured beside the service in the same run,
 * under the same load, so the ratio between the two says how much of what
 * Node gives the service keeps.
 */

export interface BareServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startBareServer(body: Buffer, contentType: string): Promise<BareServer> {
  const child = spawn(process.execPath, ['-r', './scripts/register-typescript.js', __filename], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, BARE_CONTENT_TYPE: contentType },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin?.end(body);
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: line.trim(),
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function serve(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const contentType = process.env.BARE_CONTENT_TYPE ?? 'application/json';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': contentType });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

if (require.main === module) void serve();
