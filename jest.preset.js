// Shared jest settings for the Node workspaces: TypeScript through SWC (fast, no type
// checking; `npm run build` type-checks), and @tripcost/shared resolved to its source
// so tests never depend on a previous build.
const fs = require('node:fs');
const path = require('node:path');

/** @tripcost/<name> for the kit and every service in deployables.json (the one list). */
const packages = [
  'shared',
  ...JSON.parse(fs.readFileSync(path.join(__dirname, 'deployables.json'), 'utf8'))
    .deployables.filter((d) => d.dir.startsWith('services/'))
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
