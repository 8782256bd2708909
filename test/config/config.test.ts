import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config/config';
import { resolveSecrets } from '../../src/config/generated-secrets';

describe('configuration (contract §1)', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('./.data'),
      role: 'all',
      upstream: {
        fapiUrl: 'https://fapi.binance.com',
        webUrl: 'https://www.binance.com',
        wsUrl: 'wss://fstream.binance.com',
        archiveUrl: 'https://data.binance.vision',
        timeoutMs: 10000,
        clientShare: 0.25,
      },
      appTokens: { secret: undefined, ttlSeconds: 604800 },
      webhooks: { allowCidrs: [], retryScheduleSeconds: [5, 300, 1800, 7200, 18000, 36000, 36000], probeIntervalSeconds: 3600 },
      signedToleranceMs: 30000,
      publicRateLimitPerMinute: 600,
      signedWeightPerMinute: 1200,
      logLevel: 'info',
    });
    expect(config.providers.a.issuers).toEqual(['accounts.google.com', 'https://accounts.google.com']);
    expect(config.providers.b.issuers).toEqual(['https://appleid.apple.com']);
    expect(config.backtestWorkers).toBeGreaterThanOrEqual(1);
  });

  it('reads lists and numbers', () => {
    const config = loadConfig({
      PROVIDER_A_AUDIENCES: 'app-1, app-2',
      WEBHOOK_RETRY_SCHEDULE: '1,2,3',
      WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8,::1/128',
      BACKTEST_WORKERS: '3',
      ROLE: 'worker',
    });
    expect(config.providers.a.audiences).toEqual(['app-1', 'app-2']);
    expect(config.webhooks.retryScheduleSeconds).toEqual([1, 2, 3]);
    expect(config.webhooks.allowCidrs).toEqual(['127.0.0.0/8', '::1/128']);
    expect(config.backtestWorkers).toBe(3);
    expect(config.role).toBe('worker');
  });

  it('reads UPSTREAM_ARCHIVE_URL without its trailing slash, and off as no archive', () => {
    expect(loadConfig({ UPSTREAM_ARCHIVE_URL: 'http://127.0.0.1:9/' }).upstream.archiveUrl).toBe('http://127.0.0.1:9');
    expect(loadConfig({ UPSTREAM_ARCHIVE_URL: 'off' }).upstream.archiveUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['ROLE', 'everything'],
    ['DATABASE_URL', 'mysql://x'],
    ['UPSTREAM_TIMEOUT_MS', '-5'],
    ['ENCRYPTION_KEY', 'c2hvcnQ='],
    ['APP_JWT_SECRET', 'short'],
    ['WEBHOOK_RETRY_SCHEDULE', '5,soon'],
    ['WEBHOOK_ALLOW_CIDRS', 'localhost'],
    ['LOG_LEVEL', 'loud'],
    ['UPSTREAM_FAPI_URL', 'ftp://example.com'],
    ['UPSTREAM_ARCHIVE_URL', 'archive'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('generates APP_JWT_SECRET and ENCRYPTION_KEY once, mode 600, and reuses them', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'config-test-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await resolveSecrets(config);
    const second = await resolveSecrets(config);
    expect(second).toEqual(first);
    expect(first.encryptionKey).toHaveLength(32);
    for (const file of ['app-jwt-secret', 'encryption-key']) {
      const info = await stat(path.join(dataDir, 'secrets', file));
      expect(info.mode & 0o777).toBe(0o600);
    }
    expect((await readFile(path.join(dataDir, 'secrets', 'encryption-key'), 'utf8')).trim()).toBe(first.encryptionKey.toString('base64'));
  });

  it('uses configured secrets instead of generating them', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'config-test-'));
    const key = Buffer.alloc(32, 7).toString('base64');
    const secrets = await resolveSecrets(loadConfig({ DATA_DIR: dataDir, APP_JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: key }));
    expect(secrets.appJwtSecret).toBe('x'.repeat(40));
    expect(secrets.encryptionKey.toString('base64')).toBe(key);
  });
});
