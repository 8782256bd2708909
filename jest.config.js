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
  // The service's sources and packages load once per Jest worker, not once per test file (test/support/shared-modules-runtime.js).
  runtime: '<rootDir>/test/support/shared-modules-runtime.js',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  testTimeout: 30000,
  // Three workers on 2 cores: a third of the suite's time is spent waiting (fast-clock strategies, spawned processes,
  // Chromium), which a third worker fills; with the CPU a run costs now (about 720 s) the run took 391-402 s against
  // 486 s with two workers (docs/testing.md).
  maxWorkers: 3,
  // The few files whose independent cases run with it.concurrent (docs/testing.md), up to this many at once.
  maxConcurrency: 10,
};
