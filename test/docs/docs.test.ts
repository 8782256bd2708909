import 'reflect-metadata';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { isEnumType } from 'graphql';
import path from 'node:path';
import { signature as clientSignature } from '../../clients/typescript/signing';
import { requestSignature } from '../../src/auth/request-signature';
import { loadConfig } from '../../src/config/config';
import { EVENT_TYPES } from '../../src/events/event-types';
import { eventsMarkdown } from '../../src/openapi/event-tables';
import { FEATURE_PATH_TABLES, limitsMarkdown, restPathsMarkdown, GENERATED_BEGIN, GENERATED_END } from '../../src/openapi/limits-tables';
import { restTableEntries } from '../../src/rest';
import { buildAppSchema } from '../../src/schema/build-schema';

const ROOT = path.resolve(__dirname, '../..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name)),
];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the documentation is all inside the repository and agrees with the code', () => {
  it.each(DOCUMENTS)('%s links only to files of the repository that exist', (file) => {
    const text = read(file);
    expect(text).not.toContain('../shared');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !target.startsWith('#'));
    const outside = targets.filter((target) => /^[a-z]+:/i.test(target));
    expect(outside).toEqual([]);
    const missing = targets.filter((target) => {
      const resolved = path.resolve(ROOT, path.dirname(file), target.split('#')[0] ?? '');
      return !resolved.startsWith(ROOT) || !existsSync(resolved);
    });
    expect(missing).toEqual([]);
  });

  describe('docs/signing.md: every worked example signs to the signature it shows', () => {
    const examples = [...read('docs/signing.md').matchAll(/```text signing-example\n([\s\S]*?)```/g)].map((match) => {
      const fields = Object.fromEntries(
        (match[1] ?? '')
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
      ) as Record<'secret' | 'timestamp' | 'method' | 'path' | 'body' | 'signed' | 'signature', string>;
      return fields;
    });

    it('has the three examples (a POST with a body, a GET with a query, the graphql-ws payload)', () => {
      expect(examples.map((example) => `${example.method} ${example.path}`)).toEqual([
        'POST /v1/backtest/jobs',
        'GET /v1/backtest/jobs?status=done&limit=5',
        'GET /graphql',
      ]);
    });

    it.each(examples.map((example) => [`${example.method} ${example.path}`, example]))('%s', (_name, example) => {
      expect(example.signed).toBe(`${example.timestamp}${example.method}${example.path}${example.body}`);
      const parts = { timestamp: example.timestamp, method: example.method, pathWithQuery: example.path, body: example.body };
      expect(requestSignature(example.secret, parts)).toBe(example.signature);
      expect(clientSignature(example.secret, example.timestamp, example.method, example.path, example.body)).toBe(example.signature);
    });
  });

  it('docs/events.md lists every event type of the catalogue, as npm run docs:generate makes the table', () => {
    const text = read('docs/events.md');
    expect(text.slice(text.indexOf(GENERATED_BEGIN), text.indexOf(GENERATED_END) + GENERATED_END.length)).toBe(eventsMarkdown());
    const listed = [...text.matchAll(/^\| `([a-z_.]+)` \|/gm)].map((match) => match[1]);
    expect(listed).toEqual([...EVENT_TYPES]);
  });

  it('docs/limits.md: its tables are what npm run docs:generate makes from the operation table and the constants', async () => {
    const expected = limitsMarkdown(await buildAppSchema(), restTableEntries(), loadConfig({}));
    const text = read('docs/limits.md');
    expect(text.slice(text.indexOf(GENERATED_BEGIN), text.indexOf(GENERATED_END) + GENERATED_END.length)).toBe(expected);
  });

  it.each(FEATURE_PATH_TABLES)(
    'docs/%s lists the REST paths tagged %s with the weights of the operation table, as npm run docs:generate makes it',
    (name, tag) => {
      const text = read(path.join('docs', name));
      const generated = text.slice(text.indexOf(GENERATED_BEGIN), text.indexOf(GENERATED_END) + GENERATED_END.length);
      expect(generated).toBe(restPathsMarkdown(restTableEntries(), tag));
      expect(generated.split('\n').filter((line) => line.startsWith('| `')).length).toBeGreaterThanOrEqual(9);
    },
  );

  it("docs/graphql.md lists each enum with the schema's values, and the timeframe table maps each one", async () => {
    const schema = await buildAppSchema();
    const text = read('docs/graphql.md');
    const rows = [...text.matchAll(/^\| `(\w+)` \| (`[^|]+`) \|/gm)].map((match) => [
      match[1],
      [...(match[2] ?? '').matchAll(/`(\w+)`/g)].map((value) => value[1]),
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const [name, values] of rows) {
      const type = schema.getType(name as string);
      expect(type && isEnumType(type) ? type.getValues().map((value) => value.name) : `no enum ${String(name)}`).toEqual(values);
    }
    const timeframe = schema.getType('Timeframe');
    const [names, wire] = ['GraphQL `Timeframe`', 'Wire (REST'].map((start) =>
      [...(text.split('\n').find((line) => line.startsWith(`| ${start}`)) ?? '').matchAll(/`([^`]+)`/g)]
        .map((value) => value[1])
        // the first is in the row's title
        .slice(1),
    );
    expect(timeframe && isEnumType(timeframe) ? timeframe.getValues().map((value) => [value.name, String(value.value)]) : []).toEqual(
      names!.map((name, index) => [name, wire![index]]),
    );
  });
});
