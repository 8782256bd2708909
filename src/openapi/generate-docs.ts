import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { openCore } from '../service';
import { restRoutes } from '../rest';
import { buildAppSchema } from '../schema/build-schema';
import { eventsMarkdown } from './event-tables';
import { limitsMarkdown, withGeneratedPart } from './limits-tables';
import { mountedRoutes } from './mounted-routes';
import { buildOpenApiDocument } from './openapi-document';
import { SERVICE_VERSION } from './service-version';

/**
 * `npm run docs:generate`: rewrites what is generated from the code, the
 * tables of docs/limits.md and docs/events.md, and the OpenAPI document the TypeScript client's
 * types are made from (tests fail while either is stale).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const core = await openCore(config, createLogger('warn', process.stderr));
  try {
    const root = path.resolve(__dirname, '..', '..');
    const file = path.join(root, 'docs', 'limits.md');
    const routes = mountedRoutes(restRoutes(core.services, core.logger));
    const generated = limitsMarkdown(await buildAppSchema(), routes, loadConfig({}));
    await writeFile(file, withGeneratedPart(await readFile(file, 'utf8'), generated));
    const events = path.join(root, 'docs', 'events.md');
    await writeFile(events, withGeneratedPart(await readFile(events, 'utf8'), eventsMarkdown()));
    const { document } = buildOpenApiDocument({ routes, passThroughPaths: core.services.marketPassThrough.paths(), version: SERVICE_VERSION });
    await writeFile(path.join(root, 'clients', 'typescript', 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  } finally {
    await core.stop();
  }
}

void main();
