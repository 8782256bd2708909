import { readFile } from 'node:fs/promises';
import { printAppSchema, SCHEMA_FILE } from '../../src/schema/emit-schema';

describe('the committed GraphQL SDL', () => {
  it('matches the schema built from the resolvers (run `npm run codegen` after changing them)', async () => {
    expect(await readFile(SCHEMA_FILE, 'utf8')).toBe(await printAppSchema());
  });
});
