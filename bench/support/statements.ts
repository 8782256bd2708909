import path from 'node:path';
import type { ServiceProcess } from './service-process';

/** The module to preload into a service process so `statementsSoFar` can read its count. */
export const STATEMENT_COUNTER = path.join(__dirname, 'statement-counter.ts');

/** SQL statements the process (started with STATEMENT_COUNTER preloaded) has sent so far. */
export function statementsSoFar(service: ServiceProcess): Promise<number> {
  return new Promise((resolve) => {
    const read = (line: string) => {
      const count = /^\{"benchStatements":(\d+)\}$/.exec(line)?.[1];
      if (count === undefined) return;
      service.lines.off('line', read);
      resolve(Number(count));
    };
    service.lines.on('line', read);
    service.child.kill('SIGUSR2');
  });
}
