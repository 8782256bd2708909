import type { Strategy } from '../../entities/strategy.entity';
import { isoTimestamp } from '../timestamp-text';
import type { ProtectionReason } from './run-protections';

/** The rules of contract §19 that halt a run, as `strategy.protection_triggered` names them. */
export const PROTECTION_REASONS = ['max_drawdown', 'daily_loss'] as const satisfies readonly ProtectionReason[];

/**
 * A symbol whose entries the run's protections hold back now, and why: the
 * stored guard says what holds (a max drawdown for the rest of the run, a
 * daily loss until the next 00:00 UTC), the `strategy.protection_triggered`
 * event that tripped it says when and at which equity.
 */
export interface StrategyHalt {
  symbol: string;
  reason: ProtectionReason;
  /** When entries may fill again (daily loss); null for a max drawdown, which lasts until a new deploy. */
  until: string | null;
  /** From the trip's event; null if the event is not stored (it is recorded with the halt, so only after an event purge). */
  triggered_at: string | null;
  equity: string | null;
  threshold: string | null;
}

/** The latest `strategy.protection_triggered` of a strategy, symbol and rule, as the store reads it (its decimals as the event wrote them). */
export interface TripRow {
  strategy_id: string;
  symbol: string;
  reason: string;
  equity: string;
  threshold: string;
  created_at: string;
}

type StoredHalt = Pick<StrategyHalt, 'symbol' | 'reason' | 'until'>;

/** The halts the strategy's stored protection memory holds at `now` (a daily loss halt whose day has ended holds nothing). */
export function storedHalts(strategy: Strategy, now: number): StoredHalt[] {
  return Object.entries(strategy.protectionState ?? {}).flatMap(([symbol, guard]): StoredHalt[] => {
    if (guard.stopped) return [{ symbol, reason: 'max_drawdown', until: null }];
    if (guard.haltedUntil !== null && guard.haltedUntil > now) return [{ symbol, reason: 'daily_loss', until: new Date(guard.haltedUntil).toISOString() }];
    return [];
  });
}

/** Each stored halt with the details of the trip that caused it. */
export function haltsWithTrips(strategyId: string, halts: StoredHalt[], trips: readonly TripRow[]): StrategyHalt[] {
  return halts.map((halt) => {
    const trip = trips.find((row) => row.strategy_id === strategyId && row.symbol === halt.symbol && row.reason === halt.reason);
    return {
      ...halt,
      triggered_at: trip ? isoTimestamp(trip.created_at) : null,
      equity: trip?.equity ?? null,
      threshold: trip?.threshold ?? null,
    };
  });
}
