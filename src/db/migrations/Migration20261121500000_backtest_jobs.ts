import { Migration } from '@mikro-orm/migrations';

export class Migration20261121500000_backtest_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE backtest_jobs (
        id varchar(16) PRIMARY KEY,
        user_id integer NOT NULL,
        api_key_id integer,
        status varchar(10) NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
        template_id varchar(64) NOT NULL,
        config jsonb NOT NULL,
        submitted_at timestamptz(3) NOT NULL DEFAULT now(),
        started_at timestamptz(3),
        finished_at timestamptz(3),
        progress double precision NOT NULL DEFAULT 0,
        metrics jsonb,
        result jsonb,
        error jsonb,
        cancel_reason varchar(200),
        attempts integer NOT NULL DEFAULT 0,
        locked_by integer,
        locked_until timestamptz(3)
      )`);
    this.addSql('CREATE INDEX backtest_jobs_owner_idx ON backtest_jobs (user_id, submitted_at DESC, id DESC)');
    this.addSql(`CREATE INDEX backtest_jobs_active_idx ON backtest_jobs (submitted_at) WHERE status IN ('queued', 'running')`);
    // Exchange history (candles per timeframe, funding) packed as float64 columns; see backtest/history-chunks.ts.
    this.addSql(`
      CREATE TABLE history_chunks (
        symbol varchar(32) NOT NULL,
        series varchar(8) NOT NULL,
        chunk_start bigint NOT NULL,
        row_count integer NOT NULL,
        fetched_until bigint NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (symbol, series, chunk_start)
      )`);
    // Float64 columns barely compress, and decompressing them on every job costs more than the disk it saves.
    this.addSql('ALTER TABLE history_chunks ALTER COLUMN data SET STORAGE EXTERNAL');
  }
}
