import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServiceProcess } from './service-process';

/** Preload this into a service process, with BENCH_STATEMENTS_FILE in its environment, so `statementsSoFar` can read its count. */
export const STATEMENT_COUNTER = path.join(__dirname, 'statement-counter.ts');

async function report(file: string): Promise<{ reports: number; statements: number }> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as { reports: number; statements: number };
  } catch {
    return { reports: 0, statements: 0 };
  }
}

/** SQL statements the process (started with STATEMENT_COUNTER preloaded and `file` as BENCH_STATEMENTS_FILE) has sent so far. */
export async function statementsSoFar(service: ServiceProcess, file: string): Promise<number> {
  const before = (await report(file)).reports;
  service.child.kill('SIGUSR2');
  for (;;) {
    const current = await report(file);
    if (current.reports > before) return current.statements;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
