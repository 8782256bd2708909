import { Migration } from '@mikro-orm/migrations';

export class Migration20261127140000_sweep_trial_sharpes extends Migration {
  override async up(): Promise<void> {
    // Count, sum and sum of squares of a chunk's trial Sharpe ratios: the deflated Sharpe ratio needs their variance over every combination, not only the leaderboard (contract §18).
    this.addSql('ALTER TABLE backtest_sweep_chunks ADD COLUMN trial_sharpes jsonb');
  }
}
