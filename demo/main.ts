import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config/config';
import { createLogger } from '../src/observability/logger';
import { startService } from '../src/service';
import { startExchangeStandIn } from '../test/stand-ins/exchange/exchange-stand-in';
import { runSampleBacktest } from './sample-backtest';
import { seedDemoAccount } from './seed-account';

/**
 * `npm run demo`: the whole service offline in one process. The exchange (REST and market streams) is
 * the local stand-in (no other host is called), the database the embedded
 * PostgreSQL in `.demo-data` (or DATA_DIR); a demo account is seeded and a
 * sample backtest run to `done` before "ready" is printed.
 */
async function main(): Promise<void> {
  const standIn = await startExchangeStandIn({ port: 0 });
  const config = loadConfig({
    DATA_DIR: '.demo-data',
    LOG_LEVEL: 'warn',
    ...process.env,
    UPSTREAM_FAPI_URL: standIn.url,
    UPSTREAM_WEB_URL: standIn.url,
    // The stand-in also serves the exchange's market streams, which feed the markPrice and kline subscriptions.
    UPSTREAM_WS_URL: standIn.wsUrl,
  });
  const service = await startService(config, createLogger(config.logLevel, process.stderr));
  const stop = () =>
    void service
      .stop()
      .then(() => standIn.close())
      .then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const url = service.url ?? '';
  const account = await seedDemoAccount(service);
  const job = await runSampleBacktest(url, account);
  if (job.status !== 'done') throw new Error(`the sample backtest ended ${job.status}: ${JSON.stringify(job.error)}`);

  const envFile = path.join(config.dataDir, 'demo.env');
  const variables = { SERVICE_URL: url, API_KEY: account.apiKey, API_SECRET: account.apiSecret, APP_TOKEN: account.appToken, DATA_API_KEY: account.dataApiKey };
  await writeFile(
    envFile,
    Object.entries(variables)
      .map(([name, value]) => `export ${name}=${value}\n`)
      .join(''),
    { mode: 0o600 },
  );

  const metrics = job.result?.metrics ?? {};
  const lines = [
    `futures-service demo: offline, the exchange is a local stand-in at ${standIn.url}`,
    `  service         ${url}`,
    `  dashboard       ${url}/`,
    `  API reference   ${url}/docs (OpenAPI: ${url}/openapi.json)`,
    `  GraphQL IDE     ${url}/graphql`,
    `  user            ${account.email} (plan pro; admin: npm run --silent admin -- create-app-token --email ${account.email})`,
    `  API key         ${account.apiKey} (scopes: webhooks:write)`,
    `  API secret      ${account.apiSecret}`,
    `  app token       ${account.appToken}`,
    `  plan key        ${account.dataApiKey} (header X-Data-API-Key)`,
    `  sample backtest ${job.id} done: sharpe ${metrics.sharpe}, total_trades ${metrics.total_trades}, max_drawdown ${metrics.max_drawdown}`,
    `  shell variables source ${path.relative(process.cwd(), envFile) || envFile}`,
    'ready',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
