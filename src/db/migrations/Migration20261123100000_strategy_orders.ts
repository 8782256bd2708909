import { Migration } from '@mikro-orm/migrations';

/**
 * Contract §11 and §12: positions say why they closed, strategy events can be
 * read back in the order they were recorded (`seq`), and every live order is
 * recorded as an intent before the exchange call and settled after it.
 */
export class Migration20261123100000_strategy_orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE strategy_positions ADD COLUMN close_reason varchar(12)
      CHECK (close_reason IN ('signal', 'pause', 'stop_loss', 'take_profit', 'liquidation'))`);
    // Positions closed before this column existed take the reason their close event carried.
    this.addSql(`UPDATE strategy_positions p SET close_reason = e.data->>'reason'
      FROM outbox_events e WHERE e.type = 'strategy.position_closed' AND e.data->>'position_id' = p.id AND p.closed_at IS NOT NULL`);
    this.addSql(`UPDATE strategy_positions SET close_reason = 'signal' WHERE closed_at IS NOT NULL AND close_reason IS NULL`);
    this.addSql('CREATE INDEX strategy_positions_page_idx ON strategy_positions (strategy_id, opened_at DESC, id DESC)');
    this.addSql('ALTER TABLE outbox_events ADD COLUMN seq bigserial');
    this.addSql('CREATE UNIQUE INDEX outbox_events_seq_idx ON outbox_events (seq)');
    this.addSql(`CREATE INDEX outbox_events_strategy_idx ON outbox_events ((data->>'strategy_id'), seq) WHERE type LIKE 'strategy.%'`);
    this.addSql(`
      CREATE TABLE strategy_orders (
        id varchar(24) PRIMARY KEY,
        strategy_id varchar(24) NOT NULL REFERENCES strategies (id),
        position_id varchar(24),
        symbol varchar(32) NOT NULL,
        purpose varchar(12) NOT NULL CHECK (purpose IN ('entry', 'exit', 'stop_loss', 'take_profit')),
        side varchar(4) NOT NULL CHECK (side IN ('BUY', 'SELL')),
        position_side varchar(5) NOT NULL CHECK (position_side IN ('long', 'short')),
        quantity numeric(36,18),
        trigger_price numeric(36,18),
        close_reason varchar(12),
        status varchar(10) NOT NULL CHECK (status IN ('intended', 'open', 'filled', 'rejected', 'cancelled', 'missing')),
        exchange_order_id varchar(40),
        signal_bar_close timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX strategy_orders_unsettled_idx ON strategy_orders (strategy_id, created_at) WHERE status IN ('intended', 'open')`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE strategy_orders');
    this.addSql('DROP INDEX outbox_events_strategy_idx');
    this.addSql('ALTER TABLE outbox_events DROP COLUMN seq');
    this.addSql('DROP INDEX strategy_positions_page_idx');
    this.addSql('ALTER TABLE strategy_positions DROP COLUMN close_reason');
  }
}
