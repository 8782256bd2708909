import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { CloseReason } from './strategy-position.entity';

export type OrderPurpose = 'entry' | 'exit' | 'stop_loss' | 'take_profit';
/**
 * `intended`: recorded, the exchange call may or may not have reached it;
 * `open`: a conditional order the exchange holds; `filled`; `rejected`: the
 * exchange refused it; `cancelled`; `missing`: looked up after its answer was
 * lost and never reached the exchange.
 */
export type OrderStatus = 'intended' | 'open' | 'filled' | 'rejected' | 'cancelled' | 'missing';

/**
 * One live order of a strategy (contract §12). The row is committed before
 * the exchange call and settled after it; its id is the order's
 * `newClientOrderId` (or `clientAlgoId`), so an answer that never came can be
 * looked up, and a process that died in between leaves a row the next owner
 * of the strategy reconciles.
 */
@Entity({ tableName: 'strategy_orders' })
export class StrategyOrder {
  @PrimaryKey({ type: 'string', length: 24 })
  id!: string;

  @Property({ type: 'string', length: 24, fieldName: 'strategy_id' })
  strategyId!: string;

  /** The position this order closes or protects; for an entry, the position it opened once filled. */
  @Property({ type: 'string', length: 24, fieldName: 'position_id', nullable: true })
  positionId!: string | null;

  @Property({ type: 'string', length: 32 })
  symbol!: string;

  @Property({ type: 'string', length: 12 })
  purpose!: OrderPurpose;

  @Property({ type: 'string', length: 4 })
  side!: 'BUY' | 'SELL';

  /** The side of the position the order opens or closes. */
  @Property({ type: 'string', length: 5, fieldName: 'position_side' })
  positionSide!: 'long' | 'short';

  /** Null for conditional orders, which close the whole position (`closePosition=true`). */
  @Property({ type: 'decimal', columnType: 'numeric(36,18)', nullable: true })
  quantity!: string | null;

  @Property({ type: 'decimal', columnType: 'numeric(36,18)', fieldName: 'trigger_price', nullable: true })
  triggerPrice!: string | null;

  /** For exits: the reason the position closes. */
  @Property({ type: 'string', length: 16, fieldName: 'close_reason', nullable: true })
  closeReason!: CloseReason | null;

  @Property({ type: 'string', length: 10 })
  status!: OrderStatus;

  @Property({ type: 'string', length: 40, fieldName: 'exchange_order_id', nullable: true })
  exchangeOrderId!: string | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'signal_bar_close', nullable: true })
  signalBarClose!: Date | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'updated_at' })
  updatedAt: Date = new Date();
}
