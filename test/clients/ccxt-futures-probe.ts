import ccxt from 'ccxt';
import { defined } from '../support/defined';

/**
 * Reads futures market data with ccxt, a widely used exchange client, from
 * the base URL given as the first argument, and prints the results as one JSON
 * document. It runs as its own process because ccxt's dependencies are
 * ES modules that Node loads natively but Jest's module system does not.
 * Only configuration is changed: the futures hosts point at the base URL.
 */
async function main(base: string): Promise<void> {
  const client = new ccxt.binanceusdm({ enableRateLimit: false });
  client.urls.api = { ...(client.urls.api as Record<string, string>), fapiPublic: `${base}/fapi/v1`, fapiData: `${base}/futures/data` };
  const markets = await client.loadMarkets();
  const results = {
    markets: { count: Object.keys(markets).length, btc: markets['BTC/USDT:USDT'] },
    fetchTickers: await client.fetchTickers(),
    fetchFundingRateHistory: await client.fetchFundingRateHistory('BTC/USDT:USDT', undefined, 5),
    fetchFundingRates: await client.fetchFundingRates(),
    fetchOHLCV: await client.fetchOHLCV('ETH/USDT:USDT', '1h', undefined, 24),
    fetchOpenInterest: await client.fetchOpenInterest('BTC/USDT:USDT'),
    fetchTime: await client.fetchTime(),
    topLongShortPositionRatio: await client.fapiDataGetTopLongShortPositionRatio({ symbol: 'BTCUSDT', period: '1h', limit: 5 }),
    topLongShortAccountRatio: await client.fapiDataGetTopLongShortAccountRatio({ symbol: 'ETHUSDT', period: '5m', limit: 5 }),
  };
  process.stdout.write(JSON.stringify(results));
}

main(defined(process.argv[2], 'the service URL argument')).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
