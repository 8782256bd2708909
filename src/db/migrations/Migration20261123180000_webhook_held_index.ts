import { Migration } from '@mikro-orm/migrations';

/**
 * Held deliveries (of webhooks paused by failures or by their owner) are read
 * by every success batch, which releases the backlog of a webhook it resumes,
 * and by the probe claim. Without an index of their own each success batch
 * scanned the whole of `webhook_deliveries` for `status = 'held'` (issue 16:
 * 3 ms per batch at 15,000 rows, growing with every delivery kept). Rows are
 * rarely held, so the index costs next to nothing to keep.
 */
export class Migration20261123180000_webhook_held_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX webhook_deliveries_held_idx ON webhook_deliveries (webhook_id, created_at) WHERE status = 'held'`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP INDEX webhook_deliveries_held_idx');
  }
}
