import { Migration } from '@mikro-orm/migrations';

export class Migration20261123170000_sweep_loading_progress extends Migration {
  override async up(): Promise<void> {
    // The share of a sweep's history loaded (the most any process has loaded): a sweep's progress moves while its candles load (contract §13).
    this.addSql('ALTER TABLE backtest_sweeps ADD COLUMN loaded double precision NOT NULL DEFAULT 0');
  }
}
