import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000_public_strategies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE public_strategies (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        author text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        entry_condition text NOT NULL DEFAULT '',
        exit_condition text NOT NULL DEFAULT '',
        bot_name text NOT NULL DEFAULT '',
        created_at timestamp(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
        updated_at timestamp(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
      )`);
    this.addSql('CREATE INDEX public_strategies_created_at_idx ON public_strategies (created_at DESC, id DESC)');
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE public_strategies');
  }
}
