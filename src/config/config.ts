import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the environment (contract §1). Everything else
 * receives a typed `Config`; a bad value stops start-up with a message naming
 * the variable.
 */

const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = 'accounts.google.com,https://accounts.google.com';
const APPLE_JWKS_URL = 'https://appleid.apple.com/auth/keys';
const APPLE_ISSUERS = 'https://appleid.apple.com';
const DEFAULT_RETRY_SCHEDULE = '5,300,1800,7200,18000,36000,36000';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const url = z.url({ protocol: /^https?$/ });
const wsUrl = z.url({ protocol: /^wss?$/ });
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

const encryptionKey = z
  .string()
  .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
  .optional();

const cidr = z.string().regex(/^[0-9a-fA-F:.]+\/\d{1,3}$/, 'must be a CIDR such as 10.0.0.0/8');

const environmentSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./.data'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  UPSTREAM_FAPI_URL: url.default('https://fapi.binance.com'),
  UPSTREAM_WEB_URL: url.default('https://www.binance.com'),
  UPSTREAM_TIMEOUT_MS: positiveInt.default(10000),
  UPSTREAM_WS_URL: wsUrl.default('wss://fstream.binance.com'),
  UPSTREAM_CLIENT_SHARE: z.coerce.number().gt(0).max(1).default(0.25),
  UPSTREAM_ARCHIVE_URL: z.union([z.literal('off'), url]).default('https://data.binance.vision'),
  APP_JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  APP_TOKEN_TTL_SECONDS: positiveInt.default(604800),
  ENCRYPTION_KEY: optionalString.pipe(encryptionKey),
  PROVIDER_A_JWKS_URL: url.default(GOOGLE_JWKS_URL),
  PROVIDER_A_ISSUERS: list.default([...GOOGLE_ISSUERS.split(',')]),
  PROVIDER_A_AUDIENCES: list.default([]),
  PROVIDER_B_JWKS_URL: url.default(APPLE_JWKS_URL),
  PROVIDER_B_ISSUERS: list.default([APPLE_ISSUERS]),
  PROVIDER_B_AUDIENCES: list.default([]),
  WEBHOOK_EXTRA_CA_FILE: optionalString,
  WEBHOOK_ALLOW_CIDRS: list.pipe(z.array(cidr)).default([]),
  WEBHOOK_RETRY_SCHEDULE: list
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d+(\.\d+)?$/, 'must be seconds')
            .transform(Number),
        )
        .min(1, 'needs at least one delay'),
    )
    .default(DEFAULT_RETRY_SCHEDULE.split(',').map(Number)),
  WEBHOOK_PROBE_INTERVAL_S: z.coerce.number().positive().default(3600),
  SIGNED_TOLERANCE_MS: positiveInt.default(30000),
  PUBLIC_RATE_LIMIT_PER_MIN: positiveInt.default(600),
  SIGNED_WEIGHT_PER_MIN: positiveInt.default(1200),
  BACKTEST_WORKERS: positiveInt.optional(),
  BACKTEST_THREAD_IDLE_MS: positiveInt.default(1000),
  STRATEGY_TICK_MS: positiveInt.default(1000),
  STRATEGY_KLINE_POLL_MS: z.coerce.number().int().min(0).default(0),
  STRATEGY_FAILURE_LIMIT: positiveInt.default(3),
  BALANCE_CHECK_INTERVAL_MS: positiveInt.default(60000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt.default(5000),
  DB_CONNECT_TIMEOUT_MS: positiveInt.default(3000),
  DB_RECONNECT_MAX_DELAY_MS: positiveInt.default(1000),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(10000),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string => (value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value)),
  CORS_ORIGINS: list.pipe(z.array(z.url({ protocol: /^https?$/ }).transform(stripSlash))).default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Role = 'all' | 'api' | 'worker';

export interface IdentityProviderConfig {
  jwksUrl: string;
  issuers: string[];
  audiences: string[];
}

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  role: Role;
  /** `clientShare`: the fraction of the per-minute upstream weight budget one client address may spend (issue 10 item 5). */
  /** `archiveUrl`: the exchange's public data archive (contract §21), undefined when `UPSTREAM_ARCHIVE_URL=off`. */
  upstream: { fapiUrl: string; webUrl: string; wsUrl: string; archiveUrl?: string; timeoutMs: number; clientShare: number };
  appTokens: { secret?: string; ttlSeconds: number };
  encryptionKey?: string;
  providers: { a: IdentityProviderConfig; b: IdentityProviderConfig };
  webhooks: {
    extraCaFile?: string;
    allowCidrs: string[];
    retryScheduleSeconds: number[];
    probeIntervalSeconds: number;
  };
  signedToleranceMs: number;
  publicRateLimitPerMinute: number;
  signedWeightPerMinute: number;
  backtestWorkers: number;
  /** How long an idle engine thread is kept before it exits, taking its heap (a finished job's candles and result) with it. */
  backtestThreadIdleMs: number;
  /** The strategy runtime (additions to contract §1): see README "Strategy deployment". */
  strategyRuntime: { tickMs: number; klinePollMs: number; failureLimit: number; balanceCheckIntervalMs: number };
  /** Limits on database waits and how fast dedicated connections come back after a restart: see docs/operations.md. */
  database: { statementTimeoutMs: number; connectTimeoutMs: number; reconnectMaxDelayMs: number };
  /** Longest time a client may take to send a request's headers and body. */
  httpRequestTimeoutMs: number;
  /** Express `trust proxy`: which X-Forwarded-For hops to believe for the per-IP limit (false: none). */
  trustProxy: boolean | number | string;
  /** Contract §14: origins whose browser pages may call the API (preflight included); empty allows none. */
  corsOrigins: string[];
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, as shells and compose files commonly produce them. */
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    role: e.ROLE,
    upstream: {
      fapiUrl: stripSlash(e.UPSTREAM_FAPI_URL),
      webUrl: stripSlash(e.UPSTREAM_WEB_URL),
      wsUrl: stripSlash(e.UPSTREAM_WS_URL),
      archiveUrl: e.UPSTREAM_ARCHIVE_URL === 'off' ? undefined : stripSlash(e.UPSTREAM_ARCHIVE_URL),
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      clientShare: e.UPSTREAM_CLIENT_SHARE,
    },
    appTokens: { secret: e.APP_JWT_SECRET, ttlSeconds: e.APP_TOKEN_TTL_SECONDS },
    encryptionKey: e.ENCRYPTION_KEY,
    providers: {
      a: { jwksUrl: e.PROVIDER_A_JWKS_URL, issuers: e.PROVIDER_A_ISSUERS, audiences: e.PROVIDER_A_AUDIENCES },
      b: { jwksUrl: e.PROVIDER_B_JWKS_URL, issuers: e.PROVIDER_B_ISSUERS, audiences: e.PROVIDER_B_AUDIENCES },
    },
    webhooks: {
      extraCaFile: e.WEBHOOK_EXTRA_CA_FILE,
      allowCidrs: e.WEBHOOK_ALLOW_CIDRS,
      retryScheduleSeconds: e.WEBHOOK_RETRY_SCHEDULE,
      probeIntervalSeconds: e.WEBHOOK_PROBE_INTERVAL_S,
    },
    signedToleranceMs: e.SIGNED_TOLERANCE_MS,
    publicRateLimitPerMinute: e.PUBLIC_RATE_LIMIT_PER_MIN,
    signedWeightPerMinute: e.SIGNED_WEIGHT_PER_MIN,
    backtestWorkers: e.BACKTEST_WORKERS ?? Math.max(1, os.availableParallelism() - 1),
    backtestThreadIdleMs: e.BACKTEST_THREAD_IDLE_MS,
    strategyRuntime: {
      tickMs: e.STRATEGY_TICK_MS,
      klinePollMs: e.STRATEGY_KLINE_POLL_MS,
      failureLimit: e.STRATEGY_FAILURE_LIMIT,
      balanceCheckIntervalMs: e.BALANCE_CHECK_INTERVAL_MS,
    },
    database: {
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      reconnectMaxDelayMs: e.DB_RECONNECT_MAX_DELAY_MS,
    },
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
  };
}

function stripSlash(value: string): string {
  return value.replace(/\/+$/, '');
}
