// Trip event streams held open by many travellers, for the live-update benches. A
// traveller may hold at most 10 streams of a trip and 30 in all (docs/adr/0053), so
// the streams are spread: each traveller joins `tripsEach` of the trips (by invitation)
// and holds 10 streams of each, as ten tabs would.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { inParallel } from '../trips-support.mjs';

/** Streams a traveller keeps open per trip: the server's limit. */
export const STREAMS_PER_TRAVELLER_AND_TRIP = 10;

export const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/**
 * Enough travellers, members of the trips, to hold `count` streams within the limits:
 * traveller i follows trips i, i + 1, … (mod the number of trips). Returns one
 * [token, tripId] per stream.
 */
export async function streamsOf(service, tripIds, count, tripsEach) {
  const perTraveller = STREAMS_PER_TRAVELLER_AND_TRIP * tripsEach;
  const travellers = Array.from({ length: Math.ceil(count / perTraveller) }, () => service.mint());
  const invites = await inParallel(tripIds, 10, (tripId) =>
    service.call('POST', `/api/trips/getaway/${tripId}/invites`, { role: 'editor' }),
  );
  const plan = [];
  await inParallel(travellers, 10, async (traveller, i) => {
    for (let k = 0; k < tripsEach; k++) {
      const t = (i + k) % tripIds.length;
      await service.call('POST', `/api/trips/invites/${invites[t].token}/accept`, undefined, traveller.token);
      for (let s = 0; s < STREAMS_PER_TRAVELLER_AND_TRIP; s++) plan.push([traveller.token, tripIds[t]]);
    }
  });
  return plan.slice(0, count);
}

/**
 * The followers, in a process of their own (as browsers would be: not on the load
 * generator's event loop). Opens each stream on its own connection, says "ready" once
 * every one has its headers, and on "report" answers how many are open, how many got
 * at least one change, and how many were refused.
 */
const HOLDER = `
const { request, Agent } = require('node:http');
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
const tokens = JSON.parse(process.env.TOKENS);
const plan = JSON.parse(process.env.PLAN).map(([traveller, tripId]) => [tokens[traveller], tripId]);
const streams = [];
let opened = 0;
let refused = 0;
// As a browser would: a refused or failed open is tried again a moment later.
function open(index, stream) {
  const again = () => { refused++; setTimeout(() => open(index, stream), 200); };
  const [token, tripId] = plan[index];
  request(process.env.GATEWAY + '/api/trips/getaway/' + tripId + '/events',
    { headers: { authorization: token }, agent }, (res) => {
      if (res.statusCode !== 200) { res.resume(); return again(); }
      stream.open = true;
      res.setEncoding('utf8');
      res.on('data', (chunk) => (stream.changes += chunk.split('event: change').length - 1));
      res.on('close', () => (stream.open = false));
      res.on('error', () => undefined);
      if (++opened === plan.length) process.stdout.write('ready\\n');
      else if (streams.length < plan.length) next();
    }).on('error', again).end();
}
function next() {
  const stream = { open: false, changes: 0 };
  streams.push(stream);
  open(streams.length - 1, stream);
}
// 50 opening at a time, as that many travellers arriving at once would.
for (let i = 0; i < Math.min(50, plan.length); i++) next();
process.stdin.on('data', () => process.stdout.write(JSON.stringify({
  open: streams.filter((s) => s.open).length,
  withChanges: streams.filter((s) => s.changes > 0).length,
  refused,
}) + '\\n'));
process.stdin.on('end', () => process.exit(0));
`;

/** Opens every stream of `plan` through the gateway; resolves once all are open. */
export async function holdStreams(gatewayUrl, plan) {
  // Each token once (an environment variable holds at most 128 KiB; 1,000 tokens would not fit).
  const tokens = [...new Set(plan.map(([token]) => token))];
  const indexed = plan.map(([token, tripId]) => [tokens.indexOf(token), tripId]);
  const child = spawn(process.execPath, ['-e', HOLDER], {
    env: { ...process.env, GATEWAY: gatewayUrl, TOKENS: JSON.stringify(tokens), PLAN: JSON.stringify(indexed) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  const failed = new Promise((_, reject) => child.once('error', reject));
  const nextLine = () => new Promise((resolve) => child.stdout.once('data', (line) => resolve(line.trim())));
  const ready = await Promise.race([nextLine(), failed]);
  if (ready !== 'ready') throw new Error(`stream holder: ${ready}`);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    report: async () => {
      const answer = nextLine();
      child.stdin.write('report\n');
      return JSON.parse(await answer);
    },
    /** Every client goes at once; `abruptly`: killed, as a browser that crashes or loses its network. */
    close: async ({ abruptly = false } = {}) => {
      if (abruptly) child.kill('SIGKILL');
      else child.stdin.end();
      await exited;
    },
  };
}

/** Connections established to `port` on this host (either end), from /proc/net/tcp. Linux only. */
export function connectionsTo(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => {
      const [, local, , state] = line.trim().split(/\s+/);
      return state === '01' && local?.endsWith(`:${hex}`);
    }).length;
}
