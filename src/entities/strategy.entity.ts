import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

export const STRATEGY_STATUSES = ['draft', 'deployed', 'paused', 'stopped', 'error'] as const;
export type StrategyStatus = (typeof STRATEGY_STATUSES)[number];

/** engine/protections.ts `GuardState` in JSON (−∞ as null), plus whether an entry the guard held back is still wanted. */
export interface StoredGuard {
  peak: number | null;
  day: number | null;
  dayEquity: number;
  lastEquity: number;
  stopped: boolean;
  haltedUntil: number | null;
  cooldownUntil: number | null;
  entryWaiting: boolean;
  /** A trip whose closing orders may not all have gone out yet (a live run's process died between the two). */
  closing: 'max_drawdown' | 'daily_loss' | null;
}

/** A signed-API strategy (spec "Signed-API strategy"); the `run*` columns hold the current or last run's overrides, never the stored settings. */
@Entity({ tableName: 'strategies' })
export class Strategy {
  @PrimaryKey({ type: 'string', length: 24 })
  id!: string;

  @Property({ type: 'integer', fieldName: 'user_id' })
  userId!: number;

  /** The owning API key: another key's strategy is 404. Null when created with an app token. */
  @Property({ type: 'integer', fieldName: 'api_key_id', nullable: true })
  apiKeyId!: number | null;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'string', length: 64, fieldName: 'template_id' })
  templateId!: string;

  @Property({ type: 'json' })
  params!: Record<string, unknown>;

  @Property({ type: 'json' })
  symbols!: string[];

  @Property({ type: 'string', length: 4 })
  timeframe!: string;

  @Property({ type: 'decimal', columnType: 'numeric(36,18)' })
  capital!: string;

  @Property({ type: 'integer' })
  leverage!: number;

  /** Contract §20: dry-run market fills move against the order by this many basis points (a decimal string), as a backtest's `slippage_bps`. */
  @Property({ type: 'decimal', columnType: 'numeric(36,18)', fieldName: 'slippage_bps', default: '0' })
  slippageBps: Opt<string> = '0';

  @Property({ type: 'string', length: 10 })
  status: StrategyStatus = 'draft';

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'deployed_at', nullable: true })
  deployedAt!: Date | null;

  @Property({ type: 'decimal', columnType: 'numeric(36,18)', fieldName: 'run_capital', nullable: true })
  runCapital!: string | null;

  @Property({ type: 'integer', fieldName: 'run_leverage', nullable: true })
  runLeverage!: number | null;

  @Property({ type: 'boolean', fieldName: 'run_dry', nullable: true })
  runDry!: boolean | null;

  /** When the current run began: the runtime rebuilds indicator state from bars before it. */
  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'run_started_at', nullable: true })
  runStartedAt!: Date | null;

  /** Per symbol, the open time of the last closed bar the runtime evaluated, so a restart neither repeats nor skips a bar. */
  @Property({ type: 'json', fieldName: 'last_bars', nullable: true })
  lastBars!: Record<string, number> | null;

  /** Per symbol, the run's protection memory (engine/protections.ts `GuardState`, as stored by run-protections.ts); null at a run's start. */
  @Property({ type: 'json', fieldName: 'protection_state', nullable: true })
  protectionState!: Record<string, StoredGuard> | null;

  @Property({ type: 'integer', fieldName: 'consecutive_failures' })
  consecutiveFailures = 0;

  /** The live worker process evaluating this strategy (db/process-liveness.ts); another takes over only when it dies. */
  @Property({ type: 'integer', fieldName: 'worker_id', nullable: true })
  workerId!: number | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'updated_at' })
  updatedAt: Date = new Date();
}
