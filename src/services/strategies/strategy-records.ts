import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import type { Strategy, StrategyStatus } from '../../entities/strategy.entity';

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
  status: StrategyStatus;
  deployed_at?: string;
  created_at: string;
  updated_at: string;
  stats: StrategyStats;
}

const EMPTY_STATS: StrategyStats = { open_positions: 0, total_pnl: '0', total_trades: 0, win_rate: '0' };

/** Stats of several strategies in one query: closed positions are trades, a trade with pnl > 0 is a win. */
export async function statsOf(em: EntityManager, strategyIds: string[]): Promise<Map<string, StrategyStats>> {
  const stats = new Map<string, StrategyStats>();
  if (strategyIds.length === 0) return stats;
  const rows: { strategy_id: string; open: string; trades: string; wins: string; pnl: string | null }[] = await em.getConnection().execute(
    `SELECT strategy_id,
            count(*) FILTER (WHERE closed_at IS NULL) AS open,
            count(*) FILTER (WHERE closed_at IS NOT NULL) AS trades,
            count(*) FILTER (WHERE closed_at IS NOT NULL AND pnl > 0) AS wins,
            sum(pnl) FILTER (WHERE closed_at IS NOT NULL) AS pnl
       FROM strategy_positions WHERE strategy_id IN (${strategyIds.map(() => '?').join(', ')}) GROUP BY strategy_id`,
    strategyIds,
    'all',
    em.getTransactionContext(),
  );
  for (const row of rows) {
    const trades = Number(row.trades);
    stats.set(row.strategy_id, {
      open_positions: Number(row.open),
      total_pnl: new Decimal(row.pnl ?? 0).toFixed(),
      total_trades: trades,
      win_rate: trades === 0 ? '0' : new Decimal(row.wins).div(trades).toDecimalPlaces(4).toFixed(),
    });
  }
  return stats;
}

export function strategyRecord(strategy: Strategy, stats: StrategyStats | undefined): StrategyRecord {
  return {
    id: strategy.id,
    name: strategy.name,
    template_id: strategy.templateId,
    params: strategy.params,
    symbols: strategy.symbols,
    timeframe: strategy.timeframe,
    capital: new Decimal(strategy.capital).toFixed(),
    leverage: strategy.leverage,
    status: strategy.status,
    ...(strategy.deployedAt ? { deployed_at: strategy.deployedAt.toISOString() } : {}),
    created_at: strategy.createdAt.toISOString(),
    updated_at: strategy.updatedAt.toISOString(),
    stats: stats ?? EMPTY_STATS,
  };
}

export async function recordOf(em: EntityManager, strategy: Strategy): Promise<StrategyRecord> {
  const stats = await statsOf(em, [strategy.id]);
  return strategyRecord(strategy, stats.get(strategy.id));
}

export async function recordsOf(em: EntityManager, strategies: Strategy[]): Promise<StrategyRecord[]> {
  const stats = await statsOf(
    em,
    strategies.map((strategy) => strategy.id),
  );
  return strategies.map((strategy) => strategyRecord(strategy, stats.get(strategy.id)));
}
