import { registerEnumType } from 'type-graphql';
import { FEE_MODELS, TEMPLATES, TIMEFRAMES, type Timeframe } from '../engine';
import { EXIT_REASONS } from '../engine/exit-reason';
import { CLOSE_REASONS } from '../entities/strategy-position.entity';
import { STRATEGY_STATUSES } from '../entities/strategy.entity';
import { DELIVERY_STATUSES } from '../entities/webhook-delivery.entity';
import { WEBHOOK_STATUSES } from '../entities/webhook.entity';
import { JOB_STATUSES } from '../services/backtests/run-records';
import { OBJECTIVES } from '../services/backtests/sweep-config';
import { PROTECTION_REASONS } from '../services/strategies/strategy-halts';
import { POSITION_STATUSES } from '../services/strategies/strategy-history';

/*
 * GraphQL enums of the wire's closed sets (issue 12), each made from the
 * list the services validate with, so the two cannot drift. A value's
 * GraphQL name is the wire string itself, so answers and variables read as
 * on REST; only timeframes, which start with a digit (not a GraphQL name),
 * get names: unit letter then count, `1m` is M1 and `1d` is D1.
 */

/** `{value: value}`: the enum object whose GraphQL names are the wire strings. */
function sameNames<T extends string>(values: readonly T[]): Record<T, T> {
  return Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;
}

/** `1m` → `M1`, `15m` → `M15`, `4h` → `H4`, `1d` → `D1`. */
function timeframeName(timeframe: Timeframe): string {
  return `${timeframe.slice(-1).toUpperCase()}${timeframe.slice(0, -1)}`;
}

export const JobStatusEnum = sameNames(JOB_STATUSES);
registerEnumType(JobStatusEnum, { name: 'BacktestJobStatus', description: 'The status of a backtest job or sweep.' });

export const StrategyStatusEnum = sameNames(STRATEGY_STATUSES);
registerEnumType(StrategyStatusEnum, { name: 'SignedStrategyStatus' });

export const PositionStatusEnum = sameNames(POSITION_STATUSES);
registerEnumType(PositionStatusEnum, { name: 'PositionStatus', description: 'open: still open; closed: a trade.' });

export const CloseReasonEnum = sameNames(CLOSE_REASONS);
registerEnumType(CloseReasonEnum, { name: 'CloseReason', description: 'Why a position closed (contract §11).' });

export const ProtectionReasonEnum = sameNames(PROTECTION_REASONS);
registerEnumType(ProtectionReasonEnum, { name: 'ProtectionReason', description: 'A contract §19 rule that halts a run.' });

export const ExitReasonEnum = sameNames(EXIT_REASONS);
registerEnumType(ExitReasonEnum, { name: 'BacktestExitReason', description: 'Why a backtest trade ended (contract §18).' });

export const WebhookStatusEnum = sameNames(WEBHOOK_STATUSES);
registerEnumType(WebhookStatusEnum, { name: 'WebhookStatus' });

export const DeliveryStatusEnum = sameNames(DELIVERY_STATUSES);
registerEnumType(DeliveryStatusEnum, { name: 'WebhookDeliveryStatus', description: 'sending: an attempt is under way.' });

export const FeeModelEnum = sameNames(FEE_MODELS);
registerEnumType(FeeModelEnum, { name: 'FeeModel' });

export const TemplateIdEnum = sameNames(TEMPLATES.map((template) => template.metadata.id));
registerEnumType(TemplateIdEnum, { name: 'TemplateId', description: 'A strategy template of the catalogue (backtestTemplates).' });

export const SweepObjectiveEnum = sameNames(OBJECTIVES);
registerEnumType(SweepObjectiveEnum, { name: 'SweepObjective', description: 'A metric a sweep ranks its combinations by (contract §13).' });

export const TimeframeEnum = Object.fromEntries(TIMEFRAMES.map((timeframe) => [timeframeName(timeframe), timeframe])) as Record<string, Timeframe>;
registerEnumType(TimeframeEnum, {
  name: 'Timeframe',
  description: `Candle timeframes; the wire (REST) strings are ${TIMEFRAMES.map((timeframe) => `${timeframeName(timeframe)} = ${timeframe}`).join(', ')}.`,
});
