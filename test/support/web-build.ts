import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_BUILD_DIR } from '../../src/http/dashboard.routes';
import { buildWeb } from '../../web/build';

/** `npm install` builds the dashboard; a checkout that skipped it (or removed `web/dist`) gets a build before the tests that load it. */
export async function ensureWebBuild(): Promise<void> {
  if (!existsSync(path.join(WEB_BUILD_DIR, 'index.html'))) await buildWeb();
}
