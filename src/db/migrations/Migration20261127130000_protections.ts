import { Migration } from '@mikro-orm/migrations';

/**
 * Contract §19: a live trailing stop is an order of its own purpose (13
 * characters, wider than the old column); the close reasons `trailing_stop`
 * and `protection` are in the live-state migration's list, which runs first.
 * A run keeps its protections' memory (peak equity, the day's 00:00 equity,
 * halts, cooldowns; engine/protections.ts) in `protection_state`, so a
 * daily-loss halt survives a restart and a takeover, and a dry run's trailing
 * stop keeps the best price since entry on the position (`trail_extreme`).
 */
export class Migration20261127130000_protections extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE strategy_positions ADD COLUMN trail_extreme numeric(36,18)');
    this.addSql('ALTER TABLE strategy_orders DROP CONSTRAINT strategy_orders_purpose_check');
    this.addSql('ALTER TABLE strategy_orders ALTER COLUMN purpose TYPE varchar(16)');
    this.addSql(
      `ALTER TABLE strategy_orders ADD CONSTRAINT strategy_orders_purpose_check CHECK (purpose IN ('entry', 'exit', 'stop_loss', 'take_profit', 'trailing_stop'))`,
    );
    this.addSql('ALTER TABLE strategies ADD COLUMN protection_state jsonb');
  }
}
