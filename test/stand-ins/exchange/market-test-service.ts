import { startTestService, type TestService } from '../../support/test-service';
import { startExchangeStandIn, type ExchangeStandIn, type ExchangeStandInOptions } from './exchange-stand-in';

export interface MarketTestService {
  service: TestService;
  exchange: ExchangeStandIn;
  url: string;
  stop(): Promise<void>;
}

/** The real service with both upstream hosts pointed at a fresh exchange stand-in. */
export async function startMarketTestService(
  env: Record<string, string> = {},
  exchangeClock?: () => number,
  options: Pick<ExchangeStandInOptions, 'streamEventEveryMs'> = {},
): Promise<MarketTestService> {
  const exchange = await startExchangeStandIn({ now: exchangeClock, ...options });
  const service = await startTestService({
    UPSTREAM_FAPI_URL: exchange.url,
    UPSTREAM_WEB_URL: exchange.url,
    UPSTREAM_WS_URL: exchange.wsUrl,
    PUBLIC_RATE_LIMIT_PER_MIN: '100000',
    // Every test request comes from one address; the client-share tests set their own.
    UPSTREAM_CLIENT_SHARE: '1',
    ...env,
  });
  return {
    service,
    exchange,
    url: service.url,
    stop: async () => {
      await service.stop();
      await exchange.close();
    },
  };
}
