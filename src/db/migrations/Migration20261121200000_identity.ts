import { Migration } from '@mikro-orm/migrations';

/**
 * Users, their exchange key, service API keys, plan keys, paper balances
 * (issue 4). Secrets are stored AES-256-GCM encrypted (`*_encrypted`) or, for
 * plan keys, as a SHA-256 hash; timestamps are UTC without zone.
 */
export class Migration20261121200000_identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        email text NOT NULL UNIQUE,
        name text NOT NULL DEFAULT '',
        provider_a_id text UNIQUE,
        provider_b_id text UNIQUE,
        plan text CHECK (plan IN ('basic', 'standard', 'pro')),
        plan_expires_at timestamp(3),
        created_at timestamp(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
        updated_at timestamp(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
      )`);
    this.addSql(`
      CREATE TABLE exchange_keys (
        user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        api_key text NOT NULL,
        secret_encrypted text NOT NULL,
        verification_status text NOT NULL,
        last_verified timestamp(3) NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamp(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
      )`);
    this.addSql(`
      CREATE TABLE service_api_keys (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        api_key text NOT NULL UNIQUE,
        secret_encrypted text NOT NULL,
        label text NOT NULL DEFAULT '',
        scopes text[] NOT NULL DEFAULT '{}',
        created_at timestamp(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
        revoked_at timestamp(3)
      )`);
    this.addSql('CREATE INDEX service_api_keys_user_idx ON service_api_keys (user_id)');
    this.addSql(`
      CREATE TABLE plan_keys (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        key_hash text NOT NULL UNIQUE,
        created_at timestamp(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
      )`);
    this.addSql(`
      CREATE TABLE paper_balances (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        asset text NOT NULL,
        amount numeric NOT NULL,
        updated_at timestamp(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
        PRIMARY KEY (user_id, asset)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE paper_balances, plan_keys, service_api_keys, exchange_keys, users');
  }
}
