import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export const ROOT = path.resolve(__dirname, '..', '..');

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a client example as a user would, with the three variables docs/signing.md names; a failing exit is a result, not a throw. */
export async function runClient(command: string, args: string[], env: { SERVICE_URL: string; API_KEY: string; API_SECRET: string }): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
