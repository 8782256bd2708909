import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** Contract §11, §19 and §20: why a position closed; null while it is open. */
export const CLOSE_REASONS = ['signal', 'pause', 'stop_loss', 'take_profit', 'liquidation', 'trailing_stop', 'protection', 'external', 'manual'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** One position of a strategy run on one symbol; a closed position is a trade (exit, fees and pnl set). */
@Entity({ tableName: 'strategy_positions' })
export class StrategyPosition {
  @PrimaryKey({ type: 'string', length: 24 })
  id!: string;

  @Property({ type: 'string', length: 24, fieldName: 'strategy_id' })
  strategyId!: string;

  @Property({ type: 'string', length: 32 })
  symbol!: string;

  @Property({ type: 'string', length: 5 })
  side!: 'long' | 'short';

  @Property({ type: 'decimal', columnType: 'numeric(36,18)' })
  quantity!: string;

  @Property({ type: 'decimal', columnType: 'numeric(36,18)', fieldName: 'entry_price' })
  entryPrice!: string;

  @Property({ type: 'decimal', columnType: 'numeric(36,18)', fieldName: 'entry_fee' })
  entryFee!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'opened_at' })
  openedAt!: Date;

  @Property({ type: 'decimal', columnType: 'numeric(36,18)', fieldName: 'exit_price', nullable: true })
  exitPrice!: string | null;

  @Property({ type: 'decimal', columnType: 'numeric(36,18)', fieldName: 'exit_fee', nullable: true })
  exitFee!: string | null;

  /** Funding the open position paid (positive) or received (negative) at the funding times it was held through (contract §20; live runs: as the exchange charged it, account-stream/account-repair.ts). */
  @Property({ type: 'decimal', columnType: 'numeric(36,18)', default: '0' })
  funding: Opt<string> = '0';

  /** Net of both fees and of `funding`. */
  @Property({ type: 'decimal', columnType: 'numeric(36,18)', nullable: true })
  pnl!: string | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'closed_at', nullable: true })
  closedAt!: Date | null;

  @Property({ type: 'string', length: 16, fieldName: 'close_reason', nullable: true })
  closeReason!: CloseReason | null;

  /** A dry run's trailing stop (contract §19): the best price since entry of the bars evaluated so far; null without one. */
  @Property({ type: 'decimal', columnType: 'numeric(36,18)', fieldName: 'trail_extreme', nullable: true })
  trailExtreme!: string | null;

  @Property({ type: 'boolean', fieldName: 'dry_run' })
  dryRun!: boolean;
}
