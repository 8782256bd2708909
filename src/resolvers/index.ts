import type { ClassType, NonEmptyArray } from 'type-graphql';
import { BacktestResolver } from './backtest.resolver';
import { BacktestSweepResolver } from './backtest-sweep.resolver';
import { BacktestJobFields, BacktestResultFields, StrategyBacktestJobFields } from './backtest-fields.resolver';
import { IdentityResolver } from './identity.resolver';
import { PlanSeriesResolver } from './plan-series.resolver';
import { MarketDataResolver } from './market-data.resolver';
import { ExchangeMarketResolver } from './exchange-market.resolver';
import { PublicStrategyResolver } from './public-strategy.resolver';
import { WebhookDeliveryFields, WebhookFields, WebhookResolver } from './webhook.resolver';
import { StrategyHistoryFields, StrategyResolver } from './strategy.resolver';
import { BodyCredentialResolver } from './body-credential.resolver';

export const RESOLVERS: NonEmptyArray<ClassType> = [
  PublicStrategyResolver,
  IdentityResolver,
  PlanSeriesResolver,
  WebhookResolver,
  WebhookFields,
  WebhookDeliveryFields,
  MarketDataResolver,
  ExchangeMarketResolver,
  StrategyResolver,
  StrategyHistoryFields,
  BodyCredentialResolver,
  BacktestResolver,
  BacktestSweepResolver,
  BacktestResultFields,
  StrategyBacktestJobFields,
  BacktestJobFields,
];
