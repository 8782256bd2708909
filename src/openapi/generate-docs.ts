import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/config';
import { HEALTH_ROUTES } from '../http/health.routes';
import { restTableEntries } from '../rest';
import { buildAppSchema } from '../schema/build-schema';
import { eventsMarkdown } from './event-tables';
import { FEATURE_PATH_TABLES, limitsMarkdown, restPathsMarkdown, withGeneratedPart } from './limits-tables';
import { buildOpenApiDocument } from './openapi-document';
import { SERVICE_VERSION } from './service-version';

/**
 * `npm run docs:generate`: rewrites what is generated from the code, the
 * tables of docs/limits.md and docs/events.md, the REST path tables of
 * docs/backtests.md and docs/strategies.md, and the OpenAPI document the
 * TypeScript client's types are made from (tests fail while either is
 * stale). Everything comes from the operation table and the constants: no
 * database is needed.
 */
async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..', '..');
  const entries = restTableEntries();
  const limits = path.join(root, 'docs', 'limits.md');
  await writeFile(limits, withGeneratedPart(await readFile(limits, 'utf8'), limitsMarkdown(await buildAppSchema(), entries, loadConfig({}))));
  const events = path.join(root, 'docs', 'events.md');
  await writeFile(events, withGeneratedPart(await readFile(events, 'utf8'), eventsMarkdown()));
  for (const [name, tag] of FEATURE_PATH_TABLES) {
    const file = path.join(root, 'docs', name);
    await writeFile(file, withGeneratedPart(await readFile(file, 'utf8'), restPathsMarkdown(entries, tag)));
  }
  const document = buildOpenApiDocument({ entries, serviceRoutes: HEALTH_ROUTES, version: SERVICE_VERSION });
  await writeFile(path.join(root, 'clients', 'typescript', 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
}

void main();
