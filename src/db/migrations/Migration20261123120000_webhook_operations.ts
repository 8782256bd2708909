import { Migration } from '@mikro-orm/migrations';

/** Contract §16: secret rotation with a grace period, one row per delivery attempt, and when a delivery failed (for recover). */
export class Migration20261123120000_webhook_operations extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE webhooks ADD COLUMN previous_secret_sealed text, ADD COLUMN previous_secret_expires_at timestamptz(3)');
    this.addSql('ALTER TABLE webhook_deliveries ADD COLUMN failed_at timestamptz(3)');
    this.addSql(`UPDATE webhook_deliveries SET failed_at = coalesce(last_attempt_at, created_at) WHERE status = 'failed'`);
    this.addSql(`CREATE INDEX webhook_deliveries_failed_idx ON webhook_deliveries (webhook_id, failed_at) WHERE status = 'failed'`);
    this.addSql(`
      CREATE TABLE webhook_attempts (
        id bigserial PRIMARY KEY,
        delivery_id varchar(24) NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempted_at timestamptz(3) NOT NULL DEFAULT now(),
        response_status integer,
        response_time_ms integer,
        error text,
        response_body varchar(1024)
      )`);
    this.addSql('CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempted_at DESC, id DESC)');
    this.addSql('CREATE INDEX webhook_attempts_age_idx ON webhook_attempts (attempted_at)');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE webhook_attempts');
    this.addSql('ALTER TABLE webhook_deliveries DROP COLUMN failed_at');
    this.addSql('ALTER TABLE webhooks DROP COLUMN previous_secret_sealed, DROP COLUMN previous_secret_expires_at');
  }
}
