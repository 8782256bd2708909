import { Migration } from '@mikro-orm/migrations';

export class Migration20261123130000_backtest_sweeps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE backtest_sweeps (
        id varchar(16) PRIMARY KEY,
        user_id integer NOT NULL,
        api_key_id integer,
        status varchar(10) NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
        template_id varchar(64) NOT NULL,
        config jsonb NOT NULL,
        combinations integer NOT NULL,
        skipped integer NOT NULL,
        units integer NOT NULL,
        submitted_at timestamptz(3) NOT NULL DEFAULT now(),
        started_at timestamptz(3),
        finished_at timestamptz(3),
        progress double precision NOT NULL DEFAULT 0,
        result jsonb,
        error jsonb,
        cancel_reason varchar(200)
      )`);
    this.addSql('CREATE INDEX backtest_sweeps_owner_idx ON backtest_sweeps (user_id, submitted_at DESC, id DESC)');
    this.addSql(`CREATE INDEX backtest_sweeps_active_idx ON backtest_sweeps (user_id) WHERE status IN ('queued', 'running')`);
    // A sweep's work queue: chunks of its combinations, then one `final` chunk that merges them (see sweep-queue.store.ts).
    this.addSql(`
      CREATE TABLE backtest_sweep_chunks (
        sweep_id varchar(16) NOT NULL REFERENCES backtest_sweeps (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('combos', 'final')),
        first integer NOT NULL,
        count integer NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
        done integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        locked_by integer,
        locked_until timestamptz(3),
        rows jsonb,
        best jsonb,
        PRIMARY KEY (sweep_id, seq)
      )`);
    this.addSql(`CREATE INDEX backtest_sweep_chunks_open_idx ON backtest_sweep_chunks (sweep_id, seq) WHERE status <> 'done'`);
  }
}
