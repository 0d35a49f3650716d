// jest's setup for every test file (jest.config.js setupFiles): the test-only password hash cost (decision 045).
// Test members are made and logged in by the thousand; at the production argon2 cost (19 MiB, two passes) each
// hash and check costs ~80 ms of CPU. passwords.server.ts takes the low cost only with NODE_ENV=test (jest's) AND
// this variable, so a server the tests start in production mode, and bench/login-timing.ts, keep the real cost.
process.env.PASSWORD_HASH_COST = 'test'
