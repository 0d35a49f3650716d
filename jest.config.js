// jest: unit and component tests (jsdom) and API tests (node) on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
const transform = { '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: 'tsconfig.jest.json', diagnostics: false }] }
// Fastify's inject and @fastify/cookie pull ESM-only packages on Node 20; ts-jest transpiles them (and
// @fastify/cookie's import('cookie') into a require) so one CommonJS copy serves both.
// Every project: the test-only password hash cost (decision 045).
const setupFiles = ['<rootDir>/test/support/test-env.ts']
const transformIgnorePatterns = ['node_modules/(?!(cookie|@fastify/cookie|content-disposition|@dicebear|kdbush|geokdbush|tinyqueue)/)']

export default {
  // How long a test may take before jest calls it hung (its default is 5 s). Not a speed check: on a loaded 2-CPU
  // machine (jest beside Playwright in npm test) a component test's first render has taken over 5 s. Tests that
  // need more set their own (jest.setTimeout).
  testTimeout: 20_000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'],
      transform,
      transformIgnorePatterns,
      setupFiles,
    },
    {
      displayName: 'api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/api/**/*.test.ts?(x)', '<rootDir>/test/trust/**/*.test.ts?(x)'],
      transform,
      transformIgnorePatterns,
      setupFiles,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      // npm run test:cluster: the production build as three instances and a worker behind a load balancer
      // (needs TEST_DATABASE_URL and REDIS_URL; skipped otherwise). Decision 043.
      displayName: 'cluster',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/cluster/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
      setupFiles,
    },
  ],
}
