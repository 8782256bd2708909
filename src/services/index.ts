import type { Config } from '../config/config';
import type { ResolvedSecrets } from '../config/generated-secrets';
import { SecretBox } from '../crypto/secret-box';
import type { Orm } from '../db/orm';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { Deliverer } from './webhooks/deliverer';
import { DeliveryOutcomesStore } from './webhooks/delivery-outcomes.store';
import { DeliveryQueueStore } from './webhooks/delivery-queue.store';
import { WebhooksStore } from './webhooks/webhooks.store';
import { AddressPolicy } from './webhooks/public-address';
import { SafeHttpsClient } from './webhooks/safe-https';
import { AppTokens } from '../auth/app-tokens';
import { Authenticator } from '../auth/authenticator';
import { IdentityProviders } from '../auth/identity-providers';
import { WeightBudget } from '../auth/weight-budget';
import { UpstreamClient } from '../upstream/upstream-client';
import { BacktestJobsStore } from './backtests/backtest-jobs.store';
import { ApiKeysService } from './identity/api-keys.service';
import { BacktestJobsService } from './backtests/backtest-jobs.service';
import { BacktestSweepsService } from './backtests/backtest-sweeps.service';
import { BacktestSweepsStore } from './backtests/backtest-sweeps.store';
import { SweepQueueStore } from './backtests/sweep-queue.store';
import { ExchangeKeysService } from './identity/exchange-keys.service';
import { ChartDataService } from './market-data/chart-data.service';
import { FundingRatesService } from './market-data/funding-rates.service';
import { LiveMarketService } from './market-data/live-market.service';
import { MarketPassThroughService } from './market-data/passthrough.service';
import { LongShortRatiosService } from './market-data/ratios.service';
import { SmartMoneyService } from './market-data/smart-money.service';
import { TickersService } from './market-data/tickers.service';
import { WhaleBoardService } from './market-data/whale-board.service';
import { AccountsStore } from './accounts/accounts.store';
import { PaperBalancesService } from './accounts/paper-balances.service';
import { PlanSeriesService } from './plans/plan-series.service';
import { PlanSeriesStore } from './plans/plan-series.store';
import { PlansService } from './plans/plans.service';
import { PublicStrategiesService } from './public-strategies/public-strategies.service';
import { PublicStrategiesStore } from './public-strategies/public-strategies.store';
import { UsersService } from './identity/users.service';
import { IdentityStore } from './identity/identity.store';
import { WebhookDeliveriesService } from './webhooks/webhook-deliveries.service';
import { WebhooksService } from './webhooks/webhooks.service';
import { StrategyEventFeed } from './strategies/strategy-event-feed';
import { ExchangeTradingClient } from '../upstream/exchange-trading-client';
import { StrategiesService } from './strategies/strategies.service';
import { StrategyStore } from './strategies/strategies.store';
import { BodyCredentialTradingService } from './trading/body-credential-trading.service';
import { BalanceLowService } from './accounts/balance-low.service';
import { StrategyMarket } from './strategies/strategy-market';
import { StrategyRunsService } from './strategies/strategy-runs.service';
import { StrategyTrader } from './strategies/strategy-trader';
import { LiveOrders } from './strategies/live-orders';
import { PositionBook } from './strategies/position-book';
import { PositionCloseService } from './strategies/position-close.service';
import { SymbolFilterCache } from './strategies/symbol-filters';

/** What services are built from; created once per process by `createServices`. */
export interface ServiceDependencies {
  config: Config;
  secrets: ResolvedSecrets;
  orm: Orm;
  logger: Logger;
  metrics: Metrics;
}

/** Every business rule lives in one of these; GraphQL resolvers and REST routes only call them. */
export interface Services {
  publicStrategies: PublicStrategiesService;
  webhooks: WebhooksService;
  webhookDeliveries: WebhookDeliveriesService;
  /** The delivery machinery shared by the webhook test endpoint and the worker's dispatcher. */
  webhookDelivery: { store: WebhooksStore; queue: DeliveryQueueStore; deliverer: Deliverer; client: SafeHttpsClient };
  /** Who is calling: app tokens, signed requests, graphql-ws connection params. */
  authenticator: Authenticator;
  /** The per-key weight budget of signed requests, shared by every process. */
  weightBudget: WeightBudget;
  users: UsersService;
  apiKeys: ApiKeysService;
  exchangeKeys: ExchangeKeysService;
  plans: PlansService;
  planSeries: PlanSeriesService;
  paperBalances: PaperBalancesService;
  /** The one client of the exchange's public hosts (pool, timeout, cache, coalescing, weight budget); other features reuse it. */
  upstream: UpstreamClient;
  marketPassThrough: MarketPassThroughService;
  fundingRates: FundingRatesService;
  chartData: ChartDataService;
  liveMarket: LiveMarketService;
  longShortRatios: LongShortRatiosService;
  tickers: TickersService;
  whaleBoard: WhaleBoardService;
  smartMoney: SmartMoneyService;
  strategies: StrategiesService;
  strategyRuns: StrategyRunsService;
  /** Contract §20: closing one open position by hand. */
  positionClose: PositionCloseService;
  /** Shared by deploy/pause and the strategy runtime worker. */
  strategyTrading: {
    store: StrategyStore;
    market: StrategyMarket;
    trader: StrategyTrader;
    live: LiveOrders;
    exchange: ExchangeTradingClient;
    feed: StrategyEventFeed;
  };
  bodyCredentialTrading: BodyCredentialTradingService;
  balanceLow: BalanceLowService;
  backtestJobs: BacktestJobsService;
  backtestSweeps: BacktestSweepsService;
}

export function createServices(deps: ServiceDependencies): Services {
  const secretBox = new SecretBox(deps.secrets.encryptionKey);
  const httpsClient = new SafeHttpsClient(new AddressPolicy(deps.config.webhooks.allowCidrs), deps.config.webhooks.extraCaFile);
  const store = new WebhooksStore(deps.orm);
  const queue = new DeliveryQueueStore(deps.orm);
  const deliverer = new Deliverer(
    new DeliveryOutcomesStore(deps.orm),
    httpsClient,
    secretBox,
    { retryScheduleSeconds: deps.config.webhooks.retryScheduleSeconds, probeIntervalSeconds: deps.config.webhooks.probeIntervalSeconds },
    deps.logger,
  );
  const webhooks = new WebhooksService(store, secretBox, httpsClient);
  const appTokens = new AppTokens(deps.secrets.appJwtSecret, deps.config.appTokens.ttlSeconds);
  const identity = new IdentityStore(deps.orm);
  const users = new UsersService(identity, new IdentityProviders(deps.config.providers), appTokens);
  const apiKeys = new ApiKeysService(identity, secretBox);
  const planStore = new PlanSeriesStore(deps.orm);
  const plans = new PlansService(users, planStore);
  const upstream = new UpstreamClient({
    fapiUrl: deps.config.upstream.fapiUrl,
    webUrl: deps.config.upstream.webUrl,
    wsUrl: deps.config.upstream.wsUrl,
    clientShare: deps.config.upstream.clientShare,
    timeoutMs: deps.config.upstream.timeoutMs,
    metrics: deps.metrics,
    logger: deps.logger,
  });
  const tickers = new TickersService(upstream);
  const chartData = new ChartDataService(upstream);
  const exchange = new ExchangeTradingClient(deps.config.upstream.fapiUrl, deps.config.upstream.timeoutMs);
  const exchangeKeys = new ExchangeKeysService(identity, secretBox, exchange);
  const accountsStore = new AccountsStore(deps.orm);
  const paperBalances = new PaperBalancesService(accountsStore);
  const strategyStore = new StrategyStore(deps.orm);
  const strategyTrading = { store: strategyStore, market: new StrategyMarket(upstream), exchange, feed: new StrategyEventFeed() };
  const strategies = new StrategiesService(strategyStore, strategyTrading.feed);
  const book = new PositionBook();
  const trader = new StrategyTrader(book);
  const live = new LiveOrders(strategyStore, book, exchangeKeys, exchange, new SymbolFilterCache(upstream), deps.logger);
  return {
    publicStrategies: new PublicStrategiesService(new PublicStrategiesStore(deps.orm)),
    webhooks,
    webhookDeliveries: new WebhookDeliveriesService(store, queue, deliverer),
    webhookDelivery: { store, queue, deliverer, client: httpsClient },
    authenticator: new Authenticator(appTokens, apiKeys, deps.config.signedToleranceMs),
    weightBudget: new WeightBudget(deps.orm, deps.config.signedWeightPerMinute),
    users,
    apiKeys,
    exchangeKeys,
    plans,
    planSeries: new PlanSeriesService(plans, planStore),
    paperBalances,
    upstream,
    marketPassThrough: new MarketPassThroughService(upstream),
    fundingRates: new FundingRatesService(upstream),
    chartData,
    liveMarket: new LiveMarketService(upstream, chartData, deps.logger),
    longShortRatios: new LongShortRatiosService(upstream),
    tickers,
    whaleBoard: new WhaleBoardService(upstream, tickers),
    smartMoney: new SmartMoneyService(upstream),
    strategies,
    strategyRuns: new StrategyRunsService(
      strategyStore,
      paperBalances,
      exchangeKeys,
      strategyTrading.exchange,
      strategyTrading.market,
      trader,
      live,
      strategyTrading.feed,
    ),
    positionClose: new PositionCloseService(strategyStore, strategyTrading.market, trader, live, strategyTrading.feed),
    strategyTrading: { ...strategyTrading, trader, live },
    bodyCredentialTrading: new BodyCredentialTradingService(strategyTrading.exchange),
    balanceLow: new BalanceLowService(accountsStore, webhooks, exchangeKeys, strategyTrading.exchange),
    backtestJobs: new BacktestJobsService(new BacktestJobsStore(deps.orm), strategies),
    backtestSweeps: backtestSweepsService(deps.orm),
  };
}

function backtestSweepsService(orm: Orm): BacktestSweepsService {
  const sweeps = new BacktestSweepsStore(orm);
  return new BacktestSweepsService(sweeps, new SweepQueueStore(orm, sweeps));
}
