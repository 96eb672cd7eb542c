// The fault suites: the built product as real processes with a Redis of their own,
// killed, restarted and cut off from Redis while clients use it. They run as their
// own jest project (after the unit suites) because they take minutes, not seconds.
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'fault',
};
