import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printSchema } from 'graphql';
import { buildAppSchema } from './build-schema';

export const SCHEMA_FILE = path.join(__dirname, 'schema.graphql');

export async function printAppSchema(): Promise<string> {
  return `${printSchema(await buildAppSchema())}\n`;
}

if (require.main === module) {
  printAppSchema()
    .then((sdl) => writeFile(SCHEMA_FILE, sdl))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
