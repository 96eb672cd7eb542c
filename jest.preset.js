// Shared jest settings for the Node workspaces: TypeScript through SWC (fast, no type
// checking; `npm run build` type-checks), and @tripcost/shared resolved to its source
// so tests never depend on a previous build.
const path = require('node:path');
const { readDeployables } = require('./scripts/lib/deployables.cjs');

/** @tripcost/<name> for the kit and every service in deployables.json (the one list, checked as it is read). */
const packages = [
  'shared',
  ...readDeployables(__dirname)
    .filter((d) => d.dir.startsWith('services/'))
    .map((d) => path.basename(d.dir)),
].join('|');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  // Workspaces resolve to their source, so a test can boot another service
  // in-process (e.g. wishlists' cross-service tests start trips).
  moduleNameMapper: {
    [`^@tripcost/(${packages})$`]: path.join(__dirname, 'services/$1/src/index.ts'),
    [`^@tripcost/(${packages})/(.*)$`]: path.join(__dirname, 'services/$1/src/$2'),
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 20000,
  // The same again for multi-project runs (`npm test`), where testTimeout is ignored.
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup-timeout.js')],
};
