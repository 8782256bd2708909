import type { ClassType, NonEmptyArray } from 'type-graphql';
import { BacktestJobFields, BacktestResolver, BacktestResultFields, StrategyBacktestJobFields } from './backtest.resolver';
import { IdentityResolver } from './identity.resolver';
import { PlanSeriesResolver } from './plan-series.resolver';
import { MarketDataResolver } from './market-data.resolver';
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
  StrategyResolver,
  StrategyHistoryFields,
  BodyCredentialResolver,
  BacktestResolver,
  BacktestResultFields,
  StrategyBacktestJobFields,
  BacktestJobFields,
];
