// An open-loop load generator: requests leave at evenly spaced times (rate per
// second), whether or not earlier ones have been answered, the way independent users
// arrive. autocannon's `overallRate` is not that: it lets each connection send its
// share of a second back to back and then wait for the next second, so at "100 req/s"
// a hundred requests arrive together every second and p99 measures that burst.
//
// Latency is counted from the moment a request was due, not from when it was sent,
// so a generator or machine that falls behind shows up in the numbers instead of
// hiding them (no coordinated omission).
//
// It speaks HTTP/1.1 over raw keep-alive sockets with the request bytes built once
// and a minimal response reader (status line, Content-Length or chunked body),
// because node:http's client costs several times more CPU per request and, on a
// 2-core machine, the generator would be what falls behind at a thousand requests
// a second. One request is in flight per socket; the pool grows as needed.
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

const MAX_SOCKETS = 512;
const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/**
 * @param {object} options
 * @param {string} options.url
 * @param {number} options.rate        requests per second
 * @param {number} options.seconds
 * @param {Record<string,string>} [options.headers]
 * @param {string} [options.method]
 * @param {string} [options.body]
 * @returns {Promise<{ sent: number, answered: number, errors: number, statuses: Record<string, number>,
 *   achievedRate: number, percentile(p: number): number }>}
 */
export function openLoop({ url, rate, seconds, headers = {}, method = 'GET', body }) {
  const target = new URL(url);
  const request = buildRequest(target, method, headers, body);
  const noBody = method === 'HEAD';
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const latencies = [];
  const statuses = {};
  const idle = [];
  const waiting = []; // due times of requests no socket was free for
  const sockets = new Set();
  let opened = 0;
  let sent = 0;
  let settled = 0;
  let errors = 0;
  const started = performance.now();

  return new Promise((resolve) => {
    const finish = () => {
      for (const socket of sockets) socket.destroy();
      const elapsed = (performance.now() - started) / 1000;
      const sorted = latencies.sort((a, b) => a - b);
      resolve({
        sent,
        answered: latencies.length,
        errors,
        statuses,
        achievedRate: latencies.length / elapsed,
        percentile: (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN,
      });
    };
    const settle = () => {
      if (++settled === total) finish();
    };

    const open = () => {
      opened++;
      const socket = connect({ host: target.hostname, port: Number(target.port || 80), noDelay: true });
      sockets.add(socket);
      const reader = responseReader(noBody);
      let due = 0;
      let busy = false;
      const release = () => {
        busy = false;
        if (waiting.length > 0) conn.send(waiting.shift());
        else idle.push(conn);
      };
      const conn = {
        send(when) {
          busy = true;
          due = when;
          socket.write(request);
        },
      };
      socket.on('data', (chunk) => {
        const status = reader.push(chunk);
        if (status === undefined) return;
        statuses[status] = (statuses[status] ?? 0) + 1;
        latencies.push(performance.now() - due);
        settle();
        release();
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        opened--;
        const index = idle.indexOf(conn);
        if (index >= 0) idle.splice(index, 1);
        if (busy) {
          errors++;
          settle();
        }
      });
      return conn;
    };

    const dispatch = (when) => {
      const conn = idle.pop();
      if (conn) conn.send(when);
      else if (opened < MAX_SOCKETS) open().send(when);
      else waiting.push(when);
    };

    // Each tick sends every request whose time has come; timers fire late under load,
    // and the late requests still carry their due time.
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        dispatch(started + sent * interval);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
}

function buildRequest(target, method, headers, body) {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const lines = [`${method} ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload.length > 0 || ['POST', 'PUT', 'PATCH'].includes(method)) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

/**
 * Reads one response at a time from a socket's chunks: push() returns the status code
 * once a whole response has arrived, undefined while more is needed. Body bytes of a
 * Content-Length answer are counted, not kept.
 */
function responseReader(noBody) {
  let pending = Buffer.alloc(0);
  let status;
  let remaining = 0; // body bytes still to come (Content-Length)
  let chunked = false;

  /** Consumes chunks of a chunked body from `pending`; true once the last one is in. */
  const chunkedDone = () => {
    for (;;) {
      const lineEnd = pending.indexOf(CRLF);
      if (lineEnd < 0) return false;
      const size = parseInt(pending.subarray(0, lineEnd).toString('latin1'), 16);
      const next = lineEnd + 2 + (size === 0 ? 0 : size) + 2;
      if (pending.length < next) return false;
      pending = pending.subarray(next);
      if (size === 0) return true;
    }
  };

  const body = (bytes) => {
    if (chunked) {
      pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
      if (!chunkedDone()) return undefined;
    } else {
      remaining -= bytes.length;
      if (remaining > 0) return undefined;
    }
    pending = Buffer.alloc(0);
    const done = status;
    status = undefined;
    return done;
  };

  return {
    push(chunk) {
      if (status !== undefined) return body(chunk);
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const headEnd = pending.indexOf(HEAD_END);
      if (headEnd < 0) return undefined;
      const head = pending.subarray(0, headEnd).toString('latin1').toLowerCase();
      status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/.exec(head);
      chunked = !length && /\r\ntransfer-encoding:\s*chunked/.test(head);
      remaining = noBody || status === 204 || status === 304 || !length ? 0 : Number(length[1]);
      const rest = pending.subarray(headEnd + 4);
      pending = Buffer.alloc(0);
      return body(rest);
    },
  };
}

/** Answers that were not 2xx/304, plus requests that got no answer. */
export const failuresOf = (result) =>
  result.errors +
  Object.entries(result.statuses)
    .filter(([status]) => !(status.startsWith('2') || status === '304'))
    .reduce((sum, [, count]) => sum + count, 0);

export const openLoopSummary = (result) =>
  `${Math.round(result.achievedRate)} req/s p50 ${result.percentile(50).toFixed(1)} ms p99 ${result.percentile(99).toFixed(1)} ms` +
  (failuresOf(result) ? ` (failed ${failuresOf(result)})` : '');
