import 'reflect-metadata';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isObjectType, type GraphQLSchema } from 'graphql';
import { buildAppSchema } from '../../src/schema/build-schema';

/*
 * Issue 25: the maps in README.md and docs/ name files, tests and GraphQL
 * fields; when code moves, a map that still names the old place misleads the
 * next reader. Every file a document names in backticks must exist (at the
 * repository root, or under src/ for the short forms the architecture tables
 * use), and every root-field signature a document quotes must be the schema's.
 */

const ROOT = path.resolve(__dirname, '../..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const codeSpans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');

/** A code span that names a file of the repository: a path with a folder and a known extension, no spaces or wildcards. */
const FILE_PATH = /^\.?\/?([\w.-]+\/)+[\w.-]+\.(ts|tsx|js|mjs|json|md|sh|py|yml|yaml|sql|css|html|svg|png)(:\d+(-\d+)?)?$/;

function existingFile(reference: string): boolean {
  const file = reference.replace(/^\.?\//, '').replace(/:\d+(-\d+)?$/, '');
  return [file, `src/${file}`].some((candidate) => existsSync(path.join(ROOT, candidate)));
}

describe('the maps in README.md and docs/ name what exists', () => {
  it.each(DOCUMENTS)('%s names only files that exist', (file) => {
    const named = codeSpans(read(file)).filter((span) => FILE_PATH.test(span));
    expect(named.filter((reference) => !existingFile(reference))).toEqual([]);
  });

  describe('GraphQL root fields quoted with their arguments match the schema', () => {
    let schema: GraphQLSchema;
    beforeAll(async () => {
      schema = await buildAppSchema();
    });

    /** `name(arg: Type, other: Type!)` as the SDL prints a root field's arguments, for every root type that has the field. */
    function signaturesOf(name: string): string[] {
      return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) => {
        const field = type && isObjectType(type) ? type.getFields()[name] : undefined;
        return field ? [`${name}(${field.args.map((arg) => `${arg.name}: ${arg.type.toString()}`).join(', ')})`] : [];
      });
    }

    it.each(DOCUMENTS)('%s', (file) => {
      const quoted = codeSpans(read(file)).filter((span) => /^\w+\((\w+: [\w[\]!]+(, )?)+\)$/.test(span));
      const wrong = quoted.filter((signature) => {
        const known = signaturesOf(signature.slice(0, signature.indexOf('(')));
        return known.length > 0 && !known.includes(signature);
      });
      expect(wrong).toEqual([]);
    });
  });
});
