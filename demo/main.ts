import 'reflect-metadata';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config/config';
import { Lifecycle } from '../src/lifecycle/lifecycle';
import { stopOnSignals } from '../src/lifecycle/stop-on-signals';
import { createLogger } from '../src/observability/logger';
import { startService, type RunningService } from '../src/service';
import { startExchangeStandIn, type ExchangeStandIn } from '../test/stand-ins/exchange/exchange-stand-in';
import { readDemoEnv, writeDemoEnv } from './demo-env';
import { ensureDemoWebhook } from './demo-webhook';
import { runSampleBacktest } from './sample-backtest';
import { seedDemoAccount } from './seed-account';
import { startOver } from './start-over';
import { receiverCertificates, startWebhookReceiver, type DemoWebhookReceiver } from './webhook-receiver';

/**
 * `npm run demo`: the whole service offline in one process. The exchange (REST and market streams) is
 * the local stand-in (no other host is called), the database the embedded
 * PostgreSQL in `.demo-data` (or DATA_DIR), and a webhook receiver on loopback
 * takes the demo's deliveries; a demo account is seeded (or the last run's
 * kept) and a sample backtest run to `done` before "ready" is printed. Ctrl-C
 * or SIGTERM stops all of it, PostgreSQL included; `--reset` starts over.
 */
async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR ?? '.demo-data';
  if (process.argv.includes('--reset')) await startOver(dataDir);
  const { caFile } = await receiverCertificates(dataDir);
  const env = {
    LOG_LEVEL: 'warn',
    ...process.env,
    DATA_DIR: dataDir,
    // The receiver's certificate is from the demo's own CA, on loopback: trusted and allowed here only, never by `npm start`.
    WEBHOOK_EXTRA_CA_FILE: caFile,
    WEBHOOK_ALLOW_CIDRS: '127.0.0.1/32',
  };
  const logger = createLogger(loadConfig(env).logLevel, process.stderr);
  const signals = stopOnSignals(logger);

  let standIn: ExchangeStandIn | undefined;
  let receiver: DemoWebhookReceiver | undefined;
  let service: RunningService | undefined;
  const lifecycle = new Lifecycle(logger).add(
    {
      name: 'exchange-stand-in',
      start: async () => void (standIn = await startExchangeStandIn({ port: 0 })),
      stop: async () => standIn?.close(),
    },
    {
      name: 'webhook-receiver',
      start: async () => void (receiver = await startWebhookReceiver(dataDir)),
      stop: async () => receiver?.stop(),
    },
    {
      name: 'service',
      dependsOn: ['exchange-stand-in', 'webhook-receiver'],
      start: async () => {
        const exchange = standIn!;
        // The stand-in also serves the exchange's market streams, which feed the markPrice and kline subscriptions.
        const config = loadConfig({ ...env, UPSTREAM_FAPI_URL: exchange.url, UPSTREAM_WEB_URL: exchange.url, UPSTREAM_WS_URL: exchange.wsUrl });
        service = await startService(config, logger);
      },
      stop: async () => service?.stop(),
    },
  );
  await lifecycle.start();
  signals.started(() => lifecycle.stop());
  try {
    await seedAndPrint(dataDir, standIn!, receiver!, service!);
  } catch (error) {
    await lifecycle.stop();
    throw error;
  }
}

async function seedAndPrint(dataDir: string, standIn: ExchangeStandIn, receiver: DemoWebhookReceiver, service: RunningService): Promise<void> {
  const url = service.url ?? '';
  const envFile = path.join(dataDir, 'demo.env');
  const previous = await readDemoEnv(envFile);
  const account = await seedDemoAccount(service, previous);
  const webhook = await ensureDemoWebhook(url, account, receiver.hookUrl, previous);
  receiver.trust(webhook.secret);
  const job = await runSampleBacktest(url, account);
  if (job.status !== 'done') throw new Error(`the sample backtest ended ${job.status}: ${JSON.stringify(job.error)}`);

  await writeDemoEnv(envFile, {
    SERVICE_URL: url,
    API_KEY: account.apiKey,
    API_SECRET: account.apiSecret,
    APP_TOKEN: account.appToken,
    DATA_API_KEY: account.dataApiKey,
    WEBHOOK_ID: webhook.id,
    WEBHOOK_SECRET: webhook.secret,
    WEBHOOK_RECEIVER_URL: receiver.hookUrl,
    WEBHOOK_RECEIVER_PAGE: receiver.pageUrl,
  });

  const metrics = job.result?.metrics ?? {};
  const lines = [
    `futures-service demo: offline, the exchange is a local stand-in at ${standIn.url}`,
    `  service         ${url}`,
    `  dashboard       ${url}/ (sign in with the API key and secret below)`,
    `  API reference   ${url}/docs (OpenAPI: ${url}/openapi.json)`,
    `  GraphQL IDE     ${url}/graphql`,
    `  user            ${account.email} (plan pro; admin: DATA_DIR=${dataDir} npm run --silent admin -- create-app-token --email ${account.email})`,
    `  API key         ${account.apiKey} (scopes: webhooks:write)`,
    `  API secret      ${account.apiSecret}`,
    `  app token       ${account.appToken}`,
    `  plan key        ${account.dataApiKey} (header X-Data-API-Key)`,
    `  webhook         ${webhook.id} delivers to the local receiver ${receiver.hookUrl}; deliveries and their signature checks: ${receiver.pageUrl}`,
    `  sample backtest ${job.id} done: sharpe ${metrics.sharpe}, cagr ${metrics.cagr}, total_trades ${metrics.total_trades}, max_drawdown ${metrics.max_drawdown}`,
    "                  (samples/backtest-job.json: the best of a small sweep on the stand-in's synthetic prices, in-sample, not a forecast)",
    `  shell variables source ${path.relative(process.cwd(), envFile) || envFile}`,
    '  stop            Ctrl-C (stops the service and its PostgreSQL); npm run demo -- --reset starts over',
    'ready',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
