import { chmod, readFile, writeFile } from 'node:fs/promises';

/** The variables `source .demo-data/demo.env` sets in a second terminal. */
export interface DemoEnv {
  SERVICE_URL: string;
  API_KEY: string;
  API_SECRET: string;
  APP_TOKEN: string;
  DATA_API_KEY: string;
  WEBHOOK_ID: string;
  WEBHOOK_SECRET: string;
  WEBHOOK_RECEIVER_URL: string;
  WEBHOOK_RECEIVER_PAGE: string;
}

/**
 * The demo's credentials as the last run left them, to be reused: the file is
 * the only place the secrets are kept (mode 600, in the demo's own folder),
 * as the service shows a secret once and stores it sealed.
 */
export async function readDemoEnv(file: string): Promise<Partial<DemoEnv>> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return Object.fromEntries([...text.matchAll(/^export (\w+)=(.*)$/gm)].map(([, name, value]) => [name, value])) as Partial<DemoEnv>;
}

/** Rewrites the file only when a value changed, so a restart with the same credentials leaves it as it was. */
export async function writeDemoEnv(file: string, variables: DemoEnv): Promise<void> {
  const text = Object.entries(variables)
    .map(([name, value]) => `export ${name}=${value}\n`)
    .join('');
  if ((await readFile(file, 'utf8').catch(() => '')) === text) return;
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600);
}
