/**
 * Preloaded (`-r`) into a service process by benchmarks: counts the statements
 * the process sends to PostgreSQL (every `pg` client query, BEGIN and COMMIT
 * included, since each is a round trip) and, on SIGUSR2, writes the running
 * total to the file named by BENCH_STATEMENTS_FILE. `statementsSoFar` in
 * ./statements.ts reads it.
 */
import { writeFileSync } from 'node:fs';
import { Client } from 'pg';

let statements = 0;
let reports = 0;
const prototype = Client.prototype as unknown as { query: (this: Client, ...args: unknown[]) => unknown };
const query = prototype.query;
prototype.query = function countedQuery(this: Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
};

process.on('SIGUSR2', () => {
  reports += 1;
  writeFileSync(process.env.BENCH_STATEMENTS_FILE ?? 'statements.json', JSON.stringify({ reports, statements }));
});
