import { Migration } from '@mikro-orm/migrations';

/**
 * Contract §20: the funding the exchange charged or paid a live position, one
 * row per position and funding time (the exchange's income `tranId` kept for
 * tracing), so a duplicate event, a reconnect's reconciliation or another
 * process seeing the same fee adds it to the position's `funding` once.
 */
export class Migration20261127160000_live_funding extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE position_funding (
        position_id varchar(24) NOT NULL REFERENCES strategy_positions (id) ON DELETE CASCADE,
        funding_time timestamptz NOT NULL,
        amount numeric(36,18) NOT NULL,
        tran_id bigint NOT NULL,
        PRIMARY KEY (position_id, funding_time)
      )`);
  }
}
