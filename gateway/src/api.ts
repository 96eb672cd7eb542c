// The lean API path: every /api/* request that goes to a service. It runs on Node's
// own request/response objects, not through Express, because on this hardware each
// Express layer in front of the proxy costs a visible share of throughput
// (docs/adr/0003, docs/adr/0015). In order: request id, security and CORS headers,
// access log and metrics, shutdown guard, routing, rate limits, token check, proxy.
// Nothing on this path waits for Redis except a login's failure count.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from 'proxy-addr';
import type { Counter, Histogram } from 'prom-client';
import {
  apiSecurityHeaders,
  AppError,
  createRateLimiter,
  rateLimitHeaders,
  setHeaders,
  type Lifecycle,
  type Logger,
  type RateLimiter,
} from '@tripcost/shared';
import type { GatewayConfig } from './config';
import { createCors } from './cors';
import { createEdgeAuth } from './edge-auth';
import { pathOf, sendJson } from './http-helpers';
import { proxyTo, type ProxiedRequest } from './proxy';
import { upstreamFor, type Upstream } from './routing';
import type { Redis, TokenVerifier } from '@tripcost/shared';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;
const MINUTE = 60_000;
const LOGIN_WINDOW_MS = 15 * MINUTE;
const LOGIN_BODY_LIMIT = 10 * 1024;

const TRACK = Symbol('gateway request record');

type TrackedResponse = ServerResponse & {
  [TRACK]?: { started: number; requestId: string; route: string; req: IncomingMessage };
};

export interface ApiMetrics {
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
}

export interface ApiDeps {
  config: GatewayConfig;
  logger: Logger;
  lifecycle: Lifecycle;
  redis: Redis;
  verifier: TokenVerifier;
  upstreams: Upstream[];
  metrics: ApiMetrics;
}

export interface ApiHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  /** Pushes the last rate-limit counts to Redis and stops syncing. */
  close(): Promise<void>;
}

export function createApiHandler(deps: ApiDeps): ApiHandler {
  const { config, logger, lifecycle, upstreams, metrics } = deps;
  const securityHeaders = apiSecurityHeaders({ hsts: config.NODE_ENV === 'production' });
  const cors = createCors(config.CORS_ORIGINS);
  // Per-IP limits are checked on every request, so they count in this process and
  // sync with Redis in batches; failed logins are rare and counted in Redis directly.
  const limiters = {
    perIp: createRateLimiter({
      redis: deps.redis,
      logger,
      name: 'tripcost:rl:ip',
      limit: config.RATE_LIMIT_PER_MINUTE,
      windowMs: MINUTE,
    }),
    photos: createRateLimiter({
      redis: deps.redis,
      logger,
      name: 'tripcost:rl:photo',
      limit: config.PHOTO_RATE_LIMIT_PER_MINUTE,
      windowMs: MINUTE,
    }),
    loginFailures: createRateLimiter({
      redis: deps.redis,
      logger,
      name: 'tripcost:rl:login',
      limit: config.LOGIN_FAILURES_PER_15_MIN,
      windowMs: LOGIN_WINDOW_MS,
    }),
  };
  const edgeAuth = createEdgeAuth(deps.verifier);
  const trust = proxyAddr.compile(config.TRUST_PROXY.split(',').map((hop) => hop.trim()));
  const proxies = new Map(upstreams.map((upstream) => [upstream.name, proxyTo(upstream, logger)]));

  const fail = (res: ServerResponse, error: AppError, headers?: Record<string, string>) =>
    sendJson(res, error.status, { msg: error.message, ...(error.code ? { code: error.code } : {}) }, headers);

  /** One access-log line and the metrics of an answered request (`this` is the response). */
  function finished(this: TrackedResponse) {
    const { started, requestId, route, req } = this[TRACK]!;
    const ms = performance.now() - started;
    const labels = { method: req.method ?? 'GET', route, status: String(this.statusCode) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, ms / 1000);
    const entry = {
      reqId: requestId,
      req: { method: req.method, url: req.url },
      res: { statusCode: this.statusCode },
      responseTime: Math.round(ms),
    };
    if (this.statusCode >= 500) logger.error(entry, 'request failed');
    else if (this.statusCode >= 400) logger.warn(entry, 'request refused');
    else logger.info(entry, 'request completed');
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const incomingId = req.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && SAFE_REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    setHeaders(res, securityHeaders);
    const path = pathOf(req);
    const upstream = upstreamFor(upstreams, path);
    (res as TrackedResponse)[TRACK] = { started, requestId, route: upstream?.name ?? 'unmatched', req };
    res.once('finish', finished);

    if (cors.handle(req, res)) return;
    if (lifecycle.shuttingDown) {
      res.setHeader('connection', 'close');
      return fail(res, new AppError(503, 'The gateway is shutting down. Please retry.', 'shutting_down'));
    }
    if (!upstream) {
      return fail(res, new AppError(404, `No API route for ${req.method} ${path}`, 'route_not_found'));
    }
    // No AsyncLocalStorage context here: every log line of this path names its
    // request id itself, and entering a context per request had a measurable cost.
    try {
      handle(req as ProxiedRequest, res, path, upstream);
    } catch (error) {
      failed(res, requestId, error);
    }
  };

  function failed(res: ServerResponse, requestId: string, error: unknown) {
    logger.error({ err: error, reqId: requestId }, 'gateway error');
    fail(res, new AppError(500, 'Something went wrong'));
  }

  function refusedByLimit(res: ServerResponse, limiter: RateLimiter, policy: string, key: string, msg: string) {
    const headers = rateLimitHeaders(policy, limiter.limit, limiter.windowMs, limiter.windowNow(key));
    fail(res, new AppError(429, msg, 'rate_limited'), headers);
  }

  /** Synchronous unless the request is a login, which reads its body first. */
  function handle(req: ProxiedRequest, res: ServerResponse, path: string, upstream: Upstream): void {
    const ip = proxyAddr(req, trust);
    if (limiters.perIp.hitNow(ip) > limiters.perIp.limit) {
      const msg = 'Too many requests. Please slow down and try again in a minute.';
      return refusedByLimit(res, limiters.perIp, 'per-ip', ip, msg);
    }
    if (path === '/api/places-pics' && req.method === 'GET' && limiters.photos.hitNow(ip) > limiters.photos.limit) {
      return refusedByLimit(
        res,
        limiters.photos,
        'photos',
        ip,
        'Too many photo requests. Please try again in a minute.',
      );
    }
    if (path === '/api/user/login' && req.method === 'POST') {
      checkLogin(req, res, ip).then(
        (refused) => {
          if (!refused) forward(req, res, path, upstream);
        },
        (error: unknown) => failed(res, String(req.headers['x-request-id']), error),
      );
      return;
    }
    forward(req, res, path, upstream);
  }

  function forward(req: ProxiedRequest, res: ServerResponse, path: string, upstream: Upstream): void {
    const denied = edgeAuth(req.method ?? 'GET', path, req.headers.authorization);
    if (denied) return fail(res, denied);
    proxies.get(upstream.name)!(req, res);
  }

  return Object.assign(handler, {
    close: async () => {
      await Promise.all(Object.values(limiters).map((limiter) => limiter.close()));
    },
  });

  /**
   * Failed logins per IP + email: after LOGIN_FAILURES_PER_15_MIN failures the next
   * attempt is 429 until the window ends; successful logins are not counted. The
   * gateway never parses bodies, but it must know the email here, so this one small
   * body is read (≤ 10 kB), keyed on, and replayed to the auth service unchanged.
   */
  async function checkLogin(req: ProxiedRequest, res: ServerResponse, ip: string): Promise<boolean> {
    const body = await readSmallBody(req);
    if (!body) {
      fail(res, new AppError(413, 'The request body is too large.', 'body_too_large'));
      return true;
    }
    req.rawBody = body;
    const key = `${ip}|${emailOf(body)}`;
    const limit = config.LOGIN_FAILURES_PER_15_MIN;
    const failures = await limiters.loginFailures.peek(key);
    if (failures.count >= limit) {
      const headers = rateLimitHeaders('login-failures', limit, LOGIN_WINDOW_MS, failures);
      fail(
        res,
        new AppError(429, 'Too many failed login attempts. Please wait 15 minutes and try again.', 'rate_limited'),
        headers,
      );
      return true;
    }
    res.once('finish', () => {
      if (res.statusCode >= 400 && res.statusCode !== 429 && res.statusCode < 500)
        void limiters.loginFailures.consume(key);
    });
    return false;
  }
}

function readSmallBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LOGIN_BODY_LIMIT) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function emailOf(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8'));
    return typeof parsed?.email === 'string' ? parsed.email.trim().toLowerCase().slice(0, 320) : '';
  } catch {
    return '';
  }
}
