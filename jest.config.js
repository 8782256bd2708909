/** Tests run the real HTTP server against real PostgreSQL (one embedded server per run, one database per test file). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)s$': ['@swc/jest'],
  },
  // jose is ESM-only; Jest's module system cannot load it untransformed.
  transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  testTimeout: 30000,
  // Three workers on 2 cores: most files spend their time waiting (candles of the fast clock, spawned processes,
  // jobs in worker threads), and with two the cores sat idle while both waited (docs/testing.md).
  maxWorkers: 3,
  // Files run their independent slow cases (waits on the fast clock) with it.concurrent, up to this many at once.
  maxConcurrency: 10,
};
