import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { openCore } from '../service';
import { restRoutes } from '../rest';
import { buildAppSchema } from '../schema/build-schema';
import { limitsMarkdown, withGeneratedPart } from './limits-tables';
import { mountedRoutes } from './mounted-routes';

/** `npm run docs:generate`: rewrites the generated part of docs/limits.md from the code (a test fails while it is stale). */
async function main(): Promise<void> {
  const config = loadConfig();
  const core = await openCore(config, createLogger('warn', process.stderr));
  try {
    const file = path.resolve(__dirname, '..', '..', 'docs', 'limits.md');
    const routes = mountedRoutes(restRoutes(core.services, core.logger));
    const generated = limitsMarkdown(await buildAppSchema(), routes, loadConfig({}));
    await writeFile(file, withGeneratedPart(await readFile(file, 'utf8'), generated));
  } finally {
    await core.stop();
  }
}

void main();
