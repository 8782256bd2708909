import { writeSync } from 'node:fs';
import pino, { type Logger } from 'pino';
import { serializeError } from './sql-error';

export type { Logger };

/**
 * Paths that may hold credentials anywhere a log line could carry them
 * (request headers, bodies passed to error logs, config dumps). Censoring is
 * the second line of defence: request logging itself never records bodies.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-service-signature"]',
  'req.headers["x-data-api-key"]',
  'req.headers.cookie',
  '*.api_secret',
  '*.apiSecret',
  '*.secret',
  '*.password',
  '*.id_token',
  '*.identity_token',
  '*.access_token',
  '*.data_api_key',
  '*.encryptionKey',
  '*.appJwtSecret',
];

/**
 * Lines are written in batches of at least this many characters: one write
 * per line cost a busy process about a tenth of its time per request (issue 16).
 */
const BATCH_CHARACTERS = 16 * 1024;
/** A batch that has not filled is written after this, so a quiet service's lines are never held back longer. */
const BATCH_DELAY_MS = 200;

/**
 * Standard output, written asynchronously in batches; whatever is held is
 * written synchronously when the process exits.
 *
 * Lines are joined here and each batch is encoded once: V8 joins strings
 * without copying until the batch is encoded, so a line costs next to
 * nothing. Handed to sonic-boom one by one, each line cost more than building
 * it: in its text mode every write measures the whole pending batch
 * (`Buffer.byteLength` of up to 16 KB) and every batch written is encoded
 * again; in its buffer mode each line needed a buffer of its own
 * (`Buffer.from`, 1.5 % of a cache hit's CPU time in a profile).
 */
/**
 * pino flushes its destinations at exit through on-exit-leak-free, which holds
 * them only weakly: a process whose logger was no longer referenced when it
 * ended (a script that logs and returns) could lose its last lines to the
 * garbage collector. These stay reachable for as long as the process lives.
 */
const STDOUT_FD = 1;
const STDOUT_DESTINATIONS = new Set<pino.DestinationStream>();

/** Writes all of `bytes` to `fd`, retrying while a non-blocking pipe is full. */
function writeAllSync(fd: number, bytes: Buffer): void {
  let rest = bytes;
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

function batchedStdout(): pino.DestinationStream {
  const destination = pino.destination({ dest: STDOUT_FD, sync: false, maxWrite: 4 * BATCH_CHARACTERS, contentMode: 'buffer' });
  STDOUT_DESTINATIONS.add(destination);
  let held = '';
  const writeHeld = () => {
    if (held === '') return;
    const batch = held;
    held = '';
    // sonic-boom's types declare text only; in buffer mode it takes buffers.
    destination.write(Buffer.from(batch) as unknown as string);
  };
  // pino flushes the destination itself when the process exits (synchronously on 'exit'): the lines held here must reach it first.
  const flush = destination.flush.bind(destination);
  const flushSync = destination.flushSync.bind(destination);
  destination.flush = (done) => {
    writeHeld();
    flush(done);
  };
  // At exit the held lines are written here, synchronously: handed to sonic-boom they would start an asynchronous
  // write, which its flushSync leaves in flight and the ending process then drops.
  destination.flushSync = () => {
    flushSync();
    writeAllSync(STDOUT_FD, Buffer.from(held));
    held = '';
  };
  setInterval(writeHeld, BATCH_DELAY_MS).unref();
  return {
    write: (line: string) => {
      held += line;
      if (held.length >= BATCH_CHARACTERS) writeHeld();
    },
    flush: (done?: (error?: Error) => void) => destination.flush(done),
  } as pino.DestinationStream;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? batchedStdout(),
  );
}

/** The fields of a `request completed` line (what src/http/request-logging.ts logs through pino-http). */
export interface RequestCompleted {
  id: string;
  method: string;
  path: string;
  remoteAddress: string | undefined;
  statusCode: number;
  responseTime: number;
}

/**
 * Writes `request completed` lines in exactly the shape `logger.info` gives
 * them (level label, ISO time, pid, then the fields), for the one path where
 * pino's per-call work is a fifth of a request's cost: cache hits answered
 * before express (src/http/remembered-answers.ts). The line is built from
 * these fields only, so there is nothing to redact; strings are JSON-escaped.
 * `logger` must be one `createLogger` made (no child bindings).
 */
export function requestCompletedWriter(logger: Logger): (line: RequestCompleted) => void {
  const stream = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym];
  if (stream === undefined) throw new Error('requestCompletedWriter: the logger has no destination stream');
  const pid = String(process.pid);
  // Formatting a Date costs more than the rest of the line: lines within one millisecond share the text.
  let millis = 0;
  let time = '';
  return (line) => {
    if (!logger.isLevelEnabled('info')) return;
    const now = Date.now();
    if (now !== millis) {
      millis = now;
      time = new Date(now).toISOString();
    }
    const address = line.remoteAddress === undefined ? '' : `,"remoteAddress":${jsonString(line.remoteAddress)}`;
    stream.write(
      `{"level":"info","time":"${time}","pid":${pid},"req":{"id":${jsonString(line.id)},"method":${jsonString(line.method)},` +
        `"path":${jsonString(line.path)}${address}},"res":{"statusCode":${line.statusCode}},"responseTime":${line.responseTime},"msg":"request completed"}\n`,
    );
  };
}

/** Characters a JSON string may hold as they are: request ids, methods, most paths and addresses are made only of them. */
const PLAIN_JSON_TEXT = /^[\w .:/%@+=,;~!*()'$&-]*$/;

function jsonString(text: string): string {
  return PLAIN_JSON_TEXT.test(text) ? `"${text}"` : JSON.stringify(text);
}
