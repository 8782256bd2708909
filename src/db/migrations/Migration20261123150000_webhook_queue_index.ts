import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery claim walks each active webhook's queue in due order and stops
 * after the few it may take (issue 16): with a backlog, a window over every
 * due row cost 60-150 ms per claim at 5,000 pending deliveries. The claim
 * counts each webhook's attempts in flight from the small `sending` index;
 * the old index on due time alone has no reader left.
 */
export class Migration20261123150000_webhook_queue_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX webhook_deliveries_queue_idx ON webhook_deliveries (webhook_id, next_attempt_at, created_at, id) WHERE status IN ('pending', 'sending')`,
    );
    this.addSql(`CREATE INDEX webhook_deliveries_sending_idx ON webhook_deliveries (webhook_id) WHERE status = 'sending'`);
    this.addSql('DROP INDEX webhook_deliveries_due_idx');
  }

  override async down(): Promise<void> {
    this.addSql(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending')`);
    this.addSql('DROP INDEX webhook_deliveries_sending_idx');
    this.addSql('DROP INDEX webhook_deliveries_queue_idx');
  }
}
