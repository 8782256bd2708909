import pino from 'pino';

/** A PostgreSQL error as pg, knex and MikroORM hand it on: a five-character SQLSTATE. */
interface SqlError extends Error {
  code: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
}

function isSqlError(error: unknown): error is SqlError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((error as SqlError).code);
}

/**
 * The `err` serializer of every log line. knex and MikroORM put the statement
 * with its parameter values inlined into an SQL error's message (and pg adds
 * `detail` and `where`, which quote values too): e-mail addresses, user text,
 * sealed secrets. An SQL error is logged with PostgreSQL's own message (quoted
 * input cut), its SQLSTATE and the names of the table, column and constraint
 * only; any other error as pino always logs it.
 */
export function serializeError(error: unknown): unknown {
  if (!isSqlError(error)) return pino.stdSerializers.err(error as Error);
  const message = serverMessage(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at '));
  return {
    type: error.name,
    message,
    code: error.code,
    table: error.table,
    column: error.column,
    constraint: error.constraint,
    routine: error.routine,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
}

/** "<statement> - <server message>" → the server message, without the input it quotes ("invalid input syntax for type integer: \"...\""). */
function serverMessage(message: string): string {
  const separator = message.lastIndexOf(' - ');
  const server = separator >= 0 ? message.slice(separator + 3) : message;
  return server.replace(/: ".*"$/s, ': [input omitted]');
}
