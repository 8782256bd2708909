import { Migration } from '@mikro-orm/migrations';

/** The store of rate-limiter-flexible's RateLimiterPostgres (its own layout), shared by every process. */
export class Migration20261121000100_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE rate_limits');
  }
}
