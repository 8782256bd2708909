import { Migration } from '@mikro-orm/migrations';

export class Migration20261121600000_strategies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE strategies (
        id varchar(24) PRIMARY KEY,
        user_id integer NOT NULL,
        api_key_id integer,
        name varchar(200) NOT NULL,
        template_id varchar(64) NOT NULL,
        params jsonb NOT NULL,
        symbols jsonb NOT NULL,
        timeframe varchar(4) NOT NULL,
        capital numeric(36,18) NOT NULL,
        leverage integer NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'deployed', 'paused', 'stopped', 'error')),
        deployed_at timestamptz(3),
        run_capital numeric(36,18),
        run_leverage integer,
        run_dry boolean,
        run_started_at timestamptz(3),
        last_bars jsonb,
        consecutive_failures integer NOT NULL DEFAULT 0,
        worker_id integer,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE INDEX strategies_user_created_idx ON strategies (user_id, created_at DESC, id DESC)');
    this.addSql(`CREATE INDEX strategies_deployed_idx ON strategies (id) WHERE status = 'deployed'`);
    this.addSql(`
      CREATE TABLE strategy_positions (
        id varchar(24) PRIMARY KEY,
        strategy_id varchar(24) NOT NULL REFERENCES strategies (id),
        symbol varchar(32) NOT NULL,
        side varchar(5) NOT NULL CHECK (side IN ('long', 'short')),
        quantity numeric(36,18) NOT NULL,
        entry_price numeric(36,18) NOT NULL,
        entry_fee numeric(36,18) NOT NULL,
        opened_at timestamptz(3) NOT NULL,
        exit_price numeric(36,18),
        exit_fee numeric(36,18),
        pnl numeric(36,18),
        closed_at timestamptz(3),
        dry_run boolean NOT NULL
      )`);
    this.addSql('CREATE INDEX strategy_positions_strategy_idx ON strategy_positions (strategy_id, opened_at)');
    this.addSql('CREATE UNIQUE INDEX strategy_positions_one_open_idx ON strategy_positions (strategy_id, symbol) WHERE closed_at IS NULL');
    this.addSql(`
      CREATE TABLE balance_low_states (
        webhook_id varchar(16) NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
        source varchar(10) NOT NULL CHECK (source IN ('paper', 'exchange')),
        asset varchar(20) NOT NULL,
        below boolean NOT NULL,
        PRIMARY KEY (webhook_id, source, asset)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE balance_low_states');
    this.addSql('DROP TABLE strategy_positions');
    this.addSql('DROP TABLE strategies');
  }
}
