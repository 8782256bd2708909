import { startExchangeStandIn } from './exchange-stand-in';

/**
 * Runs the exchange stand-in on its own for offline development:
 *   npm run stand-in:exchange            (port 9400, or STAND_IN_PORT)
 * then start the service with UPSTREAM_FAPI_URL, UPSTREAM_WEB_URL and UPSTREAM_WS_URL set as printed.
 */
async function main(): Promise<void> {
  const standIn = await startExchangeStandIn({ port: Number(process.env.STAND_IN_PORT ?? 9400) });
  process.stdout.write(`exchange stand-in listening on ${standIn.url}\n`);
  process.stdout.write(`  UPSTREAM_FAPI_URL=${standIn.url} UPSTREAM_WEB_URL=${standIn.url} UPSTREAM_WS_URL=${standIn.wsUrl} npm run dev\n`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
