// A port for a process we are about to start, chosen so that nothing else takes it
// in the moment between choosing and binding. Plain CommonJS, no dependencies: the
// start scripts, the benches and the TypeScript fault suites all require it.
//
// Why not `listen(0)`: the kernel hands out such ports from its ephemeral range, the
// same range every outgoing connection's local port comes from. On a busy machine
// (a test run opens thousands of connections) one of them can take the port between
// our probe and the child's bind, and the child dies with EADDRINUSE. So we choose
// below that range, at random (several stacks may run at once), probe that it is
// free on every interface as the services bind it, and never hand one port out
// twice in this process.
'use strict';

const { readFileSync } = require('node:fs');
const net = require('node:net');

const LOWEST = 20_000;
const handedOut = new Set();

/** The first port of the kernel's ephemeral range (Linux), else the IANA one. */
function ephemeralStart() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > LOWEST + 1000) return low;
  } catch {
    // not Linux: fall through
  }
  return 49_152;
}

function bindable(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A free TCP port below the ephemeral range; throws only when none answers in 200 tries. */
async function freePort() {
  const highest = ephemeralStart() - 1;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${LOWEST} and ${highest}`);
}

module.exports = { freePort };
