// The system suites: the whole back end behind the gateway, attacked and audited as
// a client would (generated hostile input, the authorization matrix).
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'system',
};
