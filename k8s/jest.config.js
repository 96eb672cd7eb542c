// The deployment files (Helm chart, rendered manifests) as their own small jest
// project: plain JS driving the real helm and kubectl binaries that
// scripts/k8s-tools.sh installs into .tools/bin. Run from the repository root:
//   npx jest -c k8s/jest.config.js
module.exports = {
  displayName: 'k8s',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.js'],
  testTimeout: 120000,
};
