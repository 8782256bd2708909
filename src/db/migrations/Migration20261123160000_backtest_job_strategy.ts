import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 12: a job remembers the strategy it was created from (`strategy_id`
 * in the create request), so `SignedStrategy.backtestJobs` and
 * `BacktestJob.strategy` can follow the link. Jobs created before this
 * migration, or from a plain config, have none. Strategies are never deleted
 * (DELETE marks them `stopped`); should a row ever go, its jobs stay, unlinked.
 */
export class Migration20261123160000_backtest_job_strategy extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE backtest_jobs ADD COLUMN strategy_id varchar(24) REFERENCES strategies (id) ON DELETE SET NULL');
    this.addSql('CREATE INDEX backtest_jobs_strategy_idx ON backtest_jobs (strategy_id, submitted_at DESC, id DESC) WHERE strategy_id IS NOT NULL');
  }
}
