// Shared jest settings for the Node workspaces: TypeScript through SWC (fast, no type
// checking; `npm run build` type-checks), and @tripcost/shared resolved to its source
// so tests never depend on a previous build.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  moduleNameMapper: {
    '^@tripcost/shared$': path.join(__dirname, 'services/shared/src/index.ts'),
    '^@tripcost/shared/(.*)$': path.join(__dirname, 'services/shared/src/$1'),
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 20000,
};
