// `npm start` itself (scripts/start.mjs and scripts/lib) as a small jest project: plain
// JS that runs the launcher as a traveller would, beside other processes. Needs a build
// (`npm run build`) and `redis-server` on the PATH. Run from the repository root:
//   npx jest -c scripts/jest.config.js
module.exports = {
  displayName: 'scripts',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.js'],
  testTimeout: 240000,
};
