import { Migration } from '@mikro-orm/migrations';

/** Stock, index and commodity series loaded by `import-series` (contract §4); re-importing a row replaces it. */
export class Migration20261121200100_plan_series extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE series_klines (
        market text NOT NULL CHECK (market IN ('stock', 'index', 'commodity')),
        symbol text NOT NULL,
        interval text NOT NULL CHECK (interval IN ('1h', '4h', '1d', '1w')),
        open_time bigint NOT NULL,
        open numeric NOT NULL,
        high numeric NOT NULL,
        low numeric NOT NULL,
        close numeric NOT NULL,
        volume numeric NOT NULL,
        PRIMARY KEY (market, symbol, interval, open_time)
      )`);
    this.addSql(`
      CREATE TABLE series_ratios (
        market text NOT NULL CHECK (market IN ('stock', 'index', 'commodity')),
        symbol text NOT NULL,
        series text NOT NULL CHECK (series IN ('retail', 'top', 'whale')),
        period text NOT NULL CHECK (period IN ('1h', '4h', '1d', '1w')),
        timestamp bigint NOT NULL,
        long_short_ratio numeric NOT NULL,
        long_account numeric NOT NULL,
        short_account numeric NOT NULL,
        PRIMARY KEY (market, symbol, series, period, timestamp)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE series_ratios, series_klines');
  }
}
