// The benches as a small jest project: their smoke mode runs in CI so they keep
// working. It asserts that every bench runs and reports, never how fast anything is.
// Needs a build and Redis at REDIS_URL. Run from the repository root:
//   npx jest -c bench/jest.config.js
module.exports = {
  displayName: 'bench',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.js'],
  testTimeout: 390000,
};
