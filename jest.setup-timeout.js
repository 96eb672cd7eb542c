// Every Node workspace's tests get 20 s each: they boot real services and wait for
// conditions with 10 s deadlines. Set here rather than as testTimeout, which jest
// ignores when several projects run together (as in `npm test`, where it would fall
// back to 5 s and fail slow-but-correct tests on busy cores).
jest.setTimeout(20_000);
