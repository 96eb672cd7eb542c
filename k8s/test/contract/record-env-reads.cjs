// Preloaded into a service process by the configuration contract test
// (`node --require <this> dist/main.js`): replaces process.env with a proxy
// that reports, on file descriptor 3, the name of every variable the process
// looks up. A variable the chart sets that the process never looks up is one
// its configuration does not know. Listing the names (Object.keys, as the
// `debug` package does to find DEBUG_* settings) is not a lookup; reading every
// value (spreading process.env) would be, and would hide unknown variables, so
// listings are reported as "* <where>" for the test's log.
'use strict';
const fs = require('node:fs');

const REPORT_FD = 3;
const seen = new Set();
const report = (line) => {
  try {
    fs.writeSync(REPORT_FD, `${line}\n`);
  } catch {
    // No reader (run outside the test): nothing to report to.
  }
};
const lookedUp = (name) => {
  if (typeof name !== 'string' || seen.has(name)) return;
  seen.add(name);
  report(name);
};

const real = process.env;
process.env = new Proxy(real, {
  get(target, name) {
    lookedUp(name);
    return Reflect.get(target, name);
  },
  has(target, name) {
    lookedUp(name);
    return Reflect.has(target, name);
  },
  ownKeys(target) {
    report(`* ${new Error().stack.split('\n').slice(2, 5).join(' | ')}`);
    return Reflect.ownKeys(target);
  },
});
