import { AppError } from '../errors/app-error';

/** How long a client is told to wait when the database is unreachable: about one reconnect cycle. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** SQLSTATEs and socket codes meaning "no answer from PostgreSQL right now", not "your query is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** Messages of pg and knex that carry no code. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Query read timeout|timeout exceeded when trying to connect|Timeout acquiring a connection|Client has encountered a connection error|Connection ended unexpectedly/;

/**
 * Whether an error (or any error it wraps: MikroORM and knex wrap pg's) says
 * the database could not be reached or did not answer in time. Such requests
 * are answered 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (current.name === 'KnexTimeoutError' || current.name === 'ConnectionException') return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

export function databaseUnavailable(): AppError {
  return new AppError('DEPENDENCY_UNAVAILABLE', 'database unavailable, try again shortly', { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
}
