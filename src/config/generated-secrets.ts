import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

/** Secrets that the operator may leave unset are generated once and kept in DATA_DIR (mode 600), so tokens and encrypted keys survive restarts. */
export interface ResolvedSecrets {
  appJwtSecret: string;
  encryptionKey: Buffer;
}

async function readOrCreate(file: string, generate: () => string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = generate();
  try {
    // 'wx' makes a concurrent first start of a second process read the winner's value instead of overwriting it.
    await writeFile(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  }
}

export async function resolveSecrets(config: Config): Promise<ResolvedSecrets> {
  const secretsDir = path.join(config.dataDir, 'secrets');
  const needsFiles = !config.appTokens.secret || !config.encryptionKey;
  if (needsFiles) await mkdir(secretsDir, { recursive: true, mode: 0o700 });
  const appJwtSecret = config.appTokens.secret ?? (await readOrCreate(path.join(secretsDir, 'app-jwt-secret'), () => randomBytes(48).toString('base64url')));
  const encryptionKey = config.encryptionKey ?? (await readOrCreate(path.join(secretsDir, 'encryption-key'), () => randomBytes(32).toString('base64')));
  return { appJwtSecret, encryptionKey: Buffer.from(encryptionKey, 'base64') };
}
