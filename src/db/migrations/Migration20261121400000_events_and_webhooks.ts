import { Migration } from '@mikro-orm/migrations';

export class Migration20261121400000_events_and_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE outbox_events (
        id varchar(40) PRIMARY KEY,
        user_id integer NOT NULL,
        type varchar(64) NOT NULL,
        data jsonb NOT NULL,
        webhook_id varchar(16),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        fanned_out_at timestamptz(3)
      )`);
    this.addSql('CREATE INDEX outbox_events_pending_idx ON outbox_events (created_at) WHERE fanned_out_at IS NULL');
    this.addSql(`
      CREATE TABLE webhooks (
        id varchar(16) PRIMARY KEY,
        user_id integer NOT NULL,
        api_key_id integer,
        url text NOT NULL,
        events jsonb NOT NULL,
        description varchar(200),
        status varchar(10) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'broken')),
        pause_reason varchar(10) CHECK (pause_reason IN ('manual', 'failures')),
        consecutive_failures integer NOT NULL DEFAULT 0,
        last_delivery_at timestamptz(3),
        last_success_at timestamptz(3),
        next_probe_at timestamptz(3),
        secret_sealed text NOT NULL,
        balance_low_threshold numeric(36,18),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT webhooks_user_url_unique UNIQUE (user_id, url)
      )`);
    this.addSql('CREATE INDEX webhooks_user_created_idx ON webhooks (user_id, created_at DESC, id DESC)');
    this.addSql(`CREATE INDEX webhooks_probe_idx ON webhooks (next_probe_at) WHERE status = 'paused' AND pause_reason = 'failures'`);
    this.addSql(`
      CREATE TABLE webhook_deliveries (
        id varchar(24) PRIMARY KEY,
        webhook_id varchar(16) NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
        event_id varchar(40) NOT NULL,
        event_type varchar(64) NOT NULL,
        body text NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('pending', 'sending', 'held', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3),
        locked_until timestamptz(3),
        locked_by integer,
        last_attempt_at timestamptz(3),
        response_status integer,
        response_time_ms integer,
        error text,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_event_unique UNIQUE (webhook_id, event_id)
      )`);
    this.addSql(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending')`);
    this.addSql('CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC, id DESC)');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE webhook_deliveries');
    this.addSql('DROP TABLE webhooks');
    this.addSql('DROP TABLE outbox_events');
  }
}
