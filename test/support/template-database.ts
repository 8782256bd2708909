import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/** The migrated database every test database is copied from (see test-service.ts). */
export const TEMPLATE_DATABASE = 'test_template';

/**
 * Makes the template (migrate-template.ts) from Jest's global setup, in a process of its own: the ORM keeps its
 * metadata on the global object, and a test file run in band (in the setup's process, in a context of its own)
 * would meet the setup's copy.
 */
export async function makeTemplateDatabase(adminUrl: string): Promise<void> {
  const script = path.join(__dirname, 'migrate-template.ts');
  await promisify(execFile)(process.execPath, ['-r', './scripts/register-typescript.js', script, adminUrl, TEMPLATE_DATABASE], {
    cwd: path.resolve(__dirname, '../..'),
  });
}
