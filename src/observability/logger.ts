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
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
