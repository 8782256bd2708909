/** `npm run bench -- <name> [args…]` runs the exported `main(args)` of `bench/<name>.bench.ts`. */
import { existsSync } from 'node:fs';
import path from 'node:path';

interface BenchModule {
  main(args: string[]): Promise<void> | void;
}

// Benchmarks measure what `npm start` runs: with NODE_ENV=production (graphql-js then uses its cheaper type checks). Set before any benchmark loads graphql.
process.env.NODE_ENV ??= 'production';

async function run(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const file = path.join(__dirname, `${name}.bench.ts`);
  if (!name || !/^[\w-]+$/.test(name) || !existsSync(file)) {
    console.error('usage: npm run bench -- <name>, where bench/<name>.bench.ts exists');
    process.exitCode = 2;
    return;
  }
  // A plain require: the benchmarks run under scripts/register-typescript.js, which hooks require, not import().
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  const bench = require(file) as BenchModule;
  await bench.main(args);
}

// A failed benchmark may leave sockets or timers behind: exit either way once it has printed what it has.
run().then(
  () => process.exit(),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
