// vite-plugin-pwa's virtual module for component tests: records what the app registers
// with, and lets a test play the worker's "update waiting" news.
const calls = [];
module.exports = {
  calls,
  registerSW(options) {
    const update = jest.fn(() => Promise.resolve());
    calls.push({ options, update });
    return update;
  },
};
