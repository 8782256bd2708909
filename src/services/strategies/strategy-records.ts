import Decimal from 'decimal.js';
import type { Strategy, StrategyStatus } from '../../entities/strategy.entity';
import type { EventEnvelope } from '../../events/event-types';
import { numericText } from '../numeric-text';
import { isoTimestamp } from '../timestamp-text';
import type { EventRow, PositionRow } from './strategies.store';
import { haltsWithTrips, storedHalts, type StrategyHalt } from './strategy-halts';
import type { StatsRow, StrategyQueries } from './strategy-queries.store';

/** Spec "Signed-API strategy" `stats`: cumulative over every run, computed from the stored positions. */
export interface StrategyStats {
  open_positions: number;
  total_pnl: string;
  total_trades: number;
  win_rate: string;
}

export interface StrategyRecord {
  id: string;
  name: string;
  template_id: string;
  params: Record<string, unknown>;
  symbols: string[];
  timeframe: string;
  capital: string;
  leverage: number;
  /** Dry-run market fills move against the order by this many basis points. */
  slippage_bps: string;
  status: StrategyStatus;
  deployed_at?: string;
  created_at: string;
  updated_at: string;
  stats: StrategyStats;
  /** Contract §19: the symbols whose entries the run's protections hold back now, and why; empty when none. */
  halts: StrategyHalt[];
}

const EMPTY_STATS: StrategyStats = { open_positions: 0, total_pnl: '0', total_trades: 0, win_rate: '0' };

/** Spec stats from the store's per-strategy counts: a trade with pnl > 0 is a win. */
export function statsFrom(rows: StatsRow[]): Map<string, StrategyStats> {
  const stats = new Map<string, StrategyStats>();
  for (const row of rows) {
    const trades = Number(row.trades);
    stats.set(row.strategy_id, {
      open_positions: Number(row.open),
      total_pnl: numericText(row.pnl ?? '0'),
      total_trades: trades,
      win_rate: trades === 0 ? '0' : new Decimal(row.wins).div(trades).toDecimalPlaces(4).toFixed(),
    });
  }
  return stats;
}

export function strategyRecord(strategy: Strategy, stats: StrategyStats | undefined, halts: StrategyHalt[] = []): StrategyRecord {
  return {
    id: strategy.id,
    name: strategy.name,
    template_id: strategy.templateId,
    params: strategy.params,
    symbols: strategy.symbols,
    timeframe: strategy.timeframe,
    capital: numericText(strategy.capital),
    leverage: strategy.leverage,
    slippage_bps: numericText(strategy.slippageBps),
    status: strategy.status,
    ...(strategy.deployedAt ? { deployed_at: strategy.deployedAt.toISOString() } : {}),
    created_at: strategy.createdAt.toISOString(),
    updated_at: strategy.updatedAt.toISOString(),
    stats: stats ?? EMPTY_STATS,
    halts,
  };
}

export async function recordOf(store: StrategyQueries, strategy: Strategy): Promise<StrategyRecord> {
  const [record] = await recordsOf(store, [strategy]);
  if (!record) throw new Error('recordsOf answers one record per strategy');
  return record;
}

/** The records with their stats, and the halts of those whose stored protection memory holds one, each kind read in one statement. */
export async function recordsOf(store: StrategyQueries, strategies: Strategy[]): Promise<StrategyRecord[]> {
  const stats = statsFrom(await store.statsRows(strategies.map((strategy) => strategy.id)));
  const now = Date.now();
  const stored = strategies.map((strategy) => storedHalts(strategy, now));
  const trips = await store.lastTrips(strategies.filter((_, index) => stored[index]?.length).map((strategy) => strategy.id));
  return strategies.map((strategy, index) => strategyRecord(strategy, stats.get(strategy.id), haltsWithTrips(strategy.id, stored[index] ?? [], trips)));
}

/**
 * Contract §11 position: the fields of its row, with the decimals in their
 * shortest text and the timestamps in ISO 8601 (`positionRecord`).
 */
export type PositionRecord = PositionRow;

const decimalOrNull = (value: string | null) => (value === null ? null : numericText(value));

export function positionRecord(row: PositionRow): PositionRecord {
  return {
    id: row.id,
    strategy_id: row.strategy_id,
    symbol: row.symbol,
    side: row.side,
    quantity: numericText(row.quantity),
    entry_price: numericText(row.entry_price),
    entry_fee: numericText(row.entry_fee),
    opened_at: isoTimestamp(row.opened_at),
    exit_price: decimalOrNull(row.exit_price),
    exit_fee: decimalOrNull(row.exit_fee),
    funding: numericText(row.funding),
    pnl: decimalOrNull(row.pnl),
    closed_at: row.closed_at ? isoTimestamp(row.closed_at) : null,
    close_reason: row.close_reason,
    dry_run: row.dry_run,
  };
}

export function eventRecord(row: Pick<EventRow, 'id' | 'type' | 'created_at' | 'data'>): EventEnvelope {
  return { id: row.id, type: row.type, timestamp: isoTimestamp(row.created_at), data: row.data };
}
