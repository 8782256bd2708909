import { startExchangeStandIn, type ExchangeStandIn, type ExchangeStandInOptions } from '../stand-ins/exchange/exchange-stand-in';
import { startOutsideWorld, type OutsideWorld } from './identity';

/** The outside world plus one exchange answering both its market data and its signed account, order and balance paths. */
export interface TradingWorld extends OutsideWorld {
  market: ExchangeStandIn;
}

export async function startTradingWorld(options: Pick<ExchangeStandInOptions, 'now'> = {}): Promise<TradingWorld> {
  const world = await startOutsideWorld();
  const market = await startExchangeStandIn({ ...options, before: (req, res) => world.exchange.handle(req, res) });
  return {
    ...world,
    market,
    env: { ...world.env, UPSTREAM_FAPI_URL: market.url, UPSTREAM_WEB_URL: market.url, UPSTREAM_WS_URL: world.exchange.wsUrl },
    stop: async () => {
      await market.close();
      await world.stop();
    },
  };
}

/** A valid strategy body; override any field. */
export function strategyBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'BTC trend',
    template_id: 'sma_cross',
    params: { fast: 2, slow: 3 },
    symbols: ['BTCUSDT'],
    timeframe: '1h',
    capital: '1000',
    leverage: 2,
    ...overrides,
  };
}
