/** The migrated database every test database is copied from (made by global-setup.ts). */
export const TEMPLATE_DATABASE = 'test_template';
