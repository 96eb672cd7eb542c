// Servers the gateway and kit benches put side by side, each run as `node -e`:
// - kitService: a service built on our kit (helmet, request ids, access log, metrics,
//   token check, zod-validated route) answering a ~25 kB JSON list of trips;
// - bareService: the same route on bare node:http (same token check, same body);
// - bareProxy: a minimal node:http streaming proxy with a keep-alive agent, the floor
//   any gateway in front of the same upstream can be compared with (COMPRESS=br: with
//   the gateway's Brotli).
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/environment.mjs';

const TRIPS = `Array.from({ length: 40 }, (_, i) => ({
  _id: i.toString(16).padStart(24, '0'), location_address: 'Lisbon, Portugal', trip_location: 'Lisbon, , Portugal',
  image_url: '/api/places-pics?photoreference=places/abc/photos/def', trip_start: '2025-01-05T00:00:00.000Z',
  trip_end: '2025-01-09T00:00:00.000Z', stay_expense: 420.5, travel_expense: 180, car_expense: 0, other_expense: 35.25,
  total_cost: 635.75, isFavorite: i % 3 === 0, user_email: 'bench@example.test', committedInstanceId: null,
  instances: [{ _id: 'a'.repeat(24), trip_start: null, trip_end: null, stay_expense: 1, travel_expense: 2, car_expense: 3, other_expense: 4, isCommitted: false, activities: [] }],
}))`;

export const LIST_PATH = '/api/trips/getaway-trip';

export const kitService = `
const shared = require('@tripcost/shared');
const logger = shared.createLogger('bench-upstream', process.env.LOG_LEVEL || 'info');
const trips = ${TRIPS};
const lifecycle = new shared.Lifecycle();
const app = shared.createServiceApp({
  name: 'bench-upstream', logger, lifecycle, readiness: {},
  verifier: shared.createTokenVerifier(process.env.JWT_PUBLIC_KEY),
  routes: (ctx) => shared.defineRoute(ctx, {
    method: 'get', path: '${LIST_PATH}', summary: 'List', auth: 'required', responses: { 200: 'Trips' },
    handler: ({ user }) => ({ body: trips.map((trip) => ({ ...trip, user_email: user.email })) }),
  }),
});
shared.listen(app, { port: Number(process.env.PORT), host: '127.0.0.1', lifecycle, logger });
process.once('SIGTERM', () => process.exit(0));
`;

export const bareService = `
const http = require('node:http');
const shared = require('@tripcost/shared');
const verifier = shared.createTokenVerifier(process.env.JWT_PUBLIC_KEY);
const trips = ${TRIPS};
http.createServer((req, res) => {
  if (req.url === '/healthz') return res.end('ok');
  if (req.method !== 'GET' || req.url !== '${LIST_PATH}') { res.statusCode = 404; return res.end(); }
  // verify() is async: the answer names the caller, as the kit's does (same body).
  verifier.verify(shared.tokenFromHeader(req.headers.authorization)).then((user) => {
    const body = JSON.stringify(trips.map((trip) => ({ ...trip, user_email: user.email })));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }, () => { res.statusCode = 401; res.end(); });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

export const bareProxy = `
const http = require('node:http');
const zlib = require('node:zlib');
const target = new URL(process.env.TARGET);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(process.env.SOCKETS || 64) });
// COMPRESS=br: what the gateway does for a client that accepts Brotli — a JSON answer
// of at least 1 kB through zlib's Brotli with the gateway's own settings (its built
// brotliParams: quality, text mode, window, size hint) — so "compressed" rows compare
// like with like.
const compressing = process.env.COMPRESS === 'br';
const { brotliParams } = compressing ? require(${JSON.stringify(join(ROOT, 'gateway', 'dist', 'compression.js'))}) : {};
const brotli = (length) => zlib.createBrotliCompress({ params: brotliParams(length) });
http.createServer((req, res) => {
  if (req.url === '/healthz') return res.end('ok');
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
    (answer) => {
      const length = Number(answer.headers['content-length'] || 0);
      if (!compressing || !/\\bbr\\b/.test(req.headers['accept-encoding'] || '') ||
        !/json/.test(answer.headers['content-type'] || '') || (length && length < 1024)) {
        res.writeHead(answer.statusCode, answer.headers);
        return answer.pipe(res);
      }
      const headers = { ...answer.headers, 'content-encoding': 'br', vary: 'Accept-Encoding' };
      delete headers['content-length'];
      res.writeHead(answer.statusCode, headers);
      answer.pipe(brotli(length)).pipe(res);
    },
  );
  upstream.on('error', () => { if (!res.headersSent) res.writeHead(502); res.end(); });
  // A client that leaves mid-answer (every load run ends so) frees the upstream socket;
  // without this each cut answer holds one of the pool's sockets for good and, round
  // after round on 600 kB answers, the pool ran dry and the proxy stopped answering.
  res.on('close', () => { if (!res.writableFinished) upstream.destroy(); });
  req.pipe(upstream);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/**
 * A bare node:http upstream answering `${LIST_PATH}?kb=N` with a prebuilt JSON list of
 * about N kB (the trip list's shape, repeated), so a bench of the hop itself spends
 * next to nothing upstream.
 */
export const sizedListService = `
const http = require('node:http');
const trips = ${TRIPS};
const bodies = new Map();
const bodyOf = (kb) => {
  if (!bodies.has(kb)) {
    const list = [];
    while (JSON.stringify(list).length < kb * 1000) list.push(...trips);
    bodies.set(kb, Buffer.from(JSON.stringify(list)));
  }
  return bodies.get(kb);
};
http.createServer((req, res) => {
  if (req.url === '/healthz') return res.end('{"status":"ok"}');
  const kb = Number(new URL(req.url, 'http://x').searchParams.get('kb') || 25);
  const body = bodyOf(Math.min(Math.max(kb, 1), 5000));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
`;

/**
 * The kit's layers one at a time (bench/kit-overhead.mjs): the same route on Express
 * with `KIT_LAYERS` of the kit's pieces in front, cumulative in this order —
 * tracking (request id, security headers, access log at info, metrics), context
 * (the request's AsyncLocalStorage), auth (requireAuth instead of an inline token
 * check), validation (the route declared with defineRoute and a zod query; it answers
 * through defineRoute's one-write JSON, the steps before through res.json), info
 * (successful answers' access line at info, as the kit wrote it before; debug otherwise).
 * Every step listens as the kit's listen() does, its requests born Express.
 */
export const kitLayersService = `
const express = require('express');
const { z } = require('zod');
const shared = require('@tripcost/shared');
const layers = (process.env.KIT_LAYERS || '').split(',').filter(Boolean);
const has = (name) => layers.includes(name);
const logger = shared.createLogger('bench-layers', process.env.LOG_LEVEL || 'info');
const verifier = shared.createTokenVerifier(process.env.JWT_PUBLIC_KEY);
const trips = ${TRIPS};
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.set('query parser', 'simple');
app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
if (has('tracking')) {
  app.use(shared.requestTracking({ logger, metrics: shared.createHttpMetrics('bench'),
    headers: shared.apiSecurityHeaders({ hsts: true }), context: has('context'),
    successLevel: has('info') ? 'info' : 'debug' }));
}
const answer = (user) => trips.map((trip) => ({ ...trip, user_email: user.email }));
if (has('validation')) {
  const router = express.Router();
  shared.defineRoute({ router, doc: shared.createApiDoc('bench'), requireAuth: shared.requireAuth(verifier),
    optionalAuth: shared.optionalAuth(verifier) }, {
    method: 'get', path: '${LIST_PATH}', summary: 'List', auth: 'required',
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(500) }),
    responses: { 200: 'Trips' }, handler: ({ user }) => ({ body: answer(user) }),
  });
  app.use(router);
} else if (has('auth')) {
  app.get('${LIST_PATH}', shared.requireAuth(verifier), (req, res) => res.json(answer(req.user)));
} else {
  app.get('${LIST_PATH}', (req, res, next) => {
    verifier.verify(shared.tokenFromHeader(req.headers.authorization)).then((user) => res.json(answer(user)), next);
  });
}
// As the kit's listen() does: requests and responses born Express (no prototype swap).
require('node:http').createServer(shared.bornExpressOptions(app), app).listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
`;
