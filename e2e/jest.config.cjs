// Browser suite: drives Debian's Chromium with playwright-core against the product already
// running at E2E_BASE_URL (default http://localhost:8080). Steps of one journey run in order.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testTimeout: 60000,
  maxWorkers: 1,
};
