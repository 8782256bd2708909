/**
 * Preloaded (`-r`) into a service process by benchmarks: counts the statements
 * the process sends to PostgreSQL (every `pg` client query, BEGIN and COMMIT
 * included, since each is a round trip) and prints the running total as one
 * JSON line on SIGUSR2. `statementsSoFar` in the benchmark reads it.
 */
import { Client } from 'pg';

let statements = 0;
const prototype = Client.prototype as unknown as { query: (this: Client, ...args: unknown[]) => unknown };
const query = prototype.query;
prototype.query = function countedQuery(this: Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
};

process.on('SIGUSR2', () => process.stdout.write(`${JSON.stringify({ benchStatements: statements })}\n`));
