// Every k8s test drives helm, kubectl or whole service processes, so it gets
// two minutes. Set here rather than as the project's testTimeout, which jest
// ignores when several projects run together (as in `npm test`).
jest.setTimeout(120_000);
