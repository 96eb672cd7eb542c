// Component tests: jsdom with Node's fetch primitives (see test/jsdom-with-fetch.cjs),
// TypeScript/TSX through SWC with the automatic React runtime.
module.exports = {
  testEnvironment: '<rootDir>/test/jsdom-with-fetch.cjs',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@tripcost/shared/domain$': '<rootDir>/../services/shared/src/domain/index.ts',
    '\\.css$': '<rootDir>/test/styleStub.cjs',
    '^virtual:pwa-register$': '<rootDir>/test/pwaRegisterStub.cjs',
    '\\.(svg|png|jpe?g|webp|gif)$': '<rootDir>/test/fileStub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
  testTimeout: 30000,
};
