import { Migration } from '@mikro-orm/migrations';

/** Every close reason of contract §19 and §20, so this list holds whichever of their migrations runs last. */
const CLOSE_REASONS = "'signal', 'pause', 'stop_loss', 'take_profit', 'liquidation', 'trailing_stop', 'protection', 'external', 'manual'";

/**
 * Contract §20: positions closed by hand (`manual`) or outside the service
 * (`external`), the funding a dry-run position paid or received (`funding`,
 * part of its pnl), and a strategy's slippage for its dry runs
 * (`slippage_bps`, like the backtest's). `trailing_stop` needs 13 characters.
 * `account_streams`: which live worker keeps each exchange account's user data
 * stream, claimed like a strategy (the owner's liveness lock, db/process-liveness.ts).
 */
export class Migration20261127100000_live_state extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE strategy_positions DROP CONSTRAINT strategy_positions_close_reason_check');
    this.addSql('ALTER TABLE strategy_positions ALTER COLUMN close_reason TYPE varchar(16)');
    this.addSql(`ALTER TABLE strategy_positions ADD CONSTRAINT strategy_positions_close_reason_check CHECK (close_reason IN (${CLOSE_REASONS}))`);
    this.addSql('ALTER TABLE strategy_orders ALTER COLUMN close_reason TYPE varchar(16)');
    this.addSql('ALTER TABLE strategy_positions ADD COLUMN funding numeric(36,18) NOT NULL DEFAULT 0');
    this.addSql('ALTER TABLE strategies ADD COLUMN slippage_bps numeric(36,18) NOT NULL DEFAULT 0');
    this.addSql('CREATE TABLE account_streams (user_id integer PRIMARY KEY, worker_id integer)');
  }
}
