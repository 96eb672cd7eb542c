// The lean API path: every /api/* request that goes to a service. It runs on Node's
// own request/response objects, not through Express, because on this hardware each
// Express layer in front of the proxy costs a visible share of throughput
// (docs/adr/0003, docs/adr/0015). In order: request id, security and CORS headers,
// access log and metrics, connection close while draining, routing, rate limits (counted in
// process), token check (signature, then the revoked-users list), proxy.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from 'proxy-addr';
import type { Counter, Histogram } from 'prom-client';
import {
  accessLogger,
  apiSecurityHeaders,
  AppError,
  collectAfterBursts,
  createRateLimiter,
  errorBody,
  metricSamples,
  rateLimitKey,
  rateLimitHeaders,
  type Lifecycle,
  type Logger,
  type RateLimiter,
  type RevokedUsers,
} from '@tripcost/shared';
import { isServiceInternal } from './api-paths';
import type { GatewayConfig } from './config';
import { createCors } from './cors';
import { createEdgeAuth, type EdgeAuthOutcome } from './edge-auth';
import { requestHead, startAnswerHeaders } from './header-list';
import { pathOf, sendJson } from './http-helpers';
import { proxyTo, type ProxiedRequest } from './proxy';
import { upstreamFor, type Upstream } from './routing';
import { watchUpstreamIdentity } from './upstream-identity';
import { retryingProxy } from './upstream-retry';
import type { Redis, TokenVerifier } from '@tripcost/shared';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;
const MINUTE = 60_000;
const LOGIN_WINDOW_MS = 15 * MINUTE;
const LOGIN_BODY_LIMIT = 10 * 1024;
const LOGIN_REFUSAL = 'Too many failed login attempts. Please wait 15 minutes and try again.';
const DELETE_ACCOUNT_REFUSAL = 'Too many wrong passwords. Please wait 15 minutes and try again.';

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
  revokedUsers: RevokedUsers;
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
  const securityHeaders = apiSecurityHeaders({ hsts: config.NODE_ENV === 'production' }).flat();
  const cors = createCors(config.CORS_ORIGINS);
  // Per-IP limits are checked on every request, so they count in this process and
  // sync with Redis in batches; password failures are rare and counted in Redis directly.
  const perMinute = (name: string, limit: number) =>
    createRateLimiter({ redis: deps.redis, logger, name, limit, windowMs: MINUTE });
  const limiters = {
    perIp: perMinute(rateLimitKey(config.QUEUE_PREFIX, 'ip'), config.RATE_LIMIT_PER_MINUTE),
    photos: perMinute(rateLimitKey(config.QUEUE_PREFIX, 'photo'), config.PHOTO_RATE_LIMIT_PER_MINUTE),
    passwordFailures: createRateLimiter({
      redis: deps.redis,
      logger,
      name: rateLimitKey(config.QUEUE_PREFIX),
      limit: config.LOGIN_FAILURES_PER_15_MIN,
      windowMs: LOGIN_WINDOW_MS,
    }),
  };
  const edgeAuth = createEdgeAuth(deps.verifier, deps.revokedUsers);
  // Live streams that end together leave garbage a quiet heap would keep (docs/adr/0060).
  const streamEnds = collectAfterBursts();
  const identity = watchUpstreamIdentity(upstreams, logger, config.UPSTREAM_IDENTITY_CHECK_MS);
  const compression = { enabled: config.COMPRESS_ANSWERS, minBytes: config.COMPRESS_MIN_BYTES };
  const trust = proxyAddr.compile(config.TRUST_PROXY.split(',').map((hop) => hop.trim()));
  const proxies = new Map(
    upstreams.map((upstream) => [
      upstream.name,
      retryingProxy(
        upstream,
        logger,
        config.UPSTREAM_RETRY_WINDOW_MS,
        (target, log, hooks) => proxyTo(target, log, hooks, compression),
        { eventStream: followEventStream },
      ),
    ]),
  );

  /**
   * An event stream is counted apart and, since it never ends on its own, ended when
   * the gateway stops (the client resumes with Last-Event-ID through another replica),
   * or it would hold the shutdown until the forced exit.
   */
  function followEventStream(res: ServerResponse, end: () => void) {
    // Its duration is how long someone kept a trip open, not a latency: counted apart
    // so the upstream's request-duration metrics stay about requests.
    const record = (res as TrackedResponse)[TRACK];
    if (record) record.route = `${record.route}-events`;
    const forget = lifecycle.onShutdown(end);
    res.once('close', () => {
      forget();
      streamEnds.ended();
    });
  }

  const fail = (res: ServerResponse, error: AppError, headers?: Record<string, string>) =>
    sendJson(res, error.status, errorBody(error), headers);
  const samplesFor = metricSamples(metrics);
  const accessLog = accessLogger(logger);

  /** One access-log line and the metrics of an answered request (`this` is the response). */
  function finished(this: TrackedResponse) {
    const { started, requestId, route, req } = this[TRACK]!;
    const ms = performance.now() - started;
    const samples = samplesFor(req.method ?? 'GET', route, this.statusCode);
    samples.count();
    samples.took(ms / 1000);
    // Below 400 the line is info, which a quiet gateway (LOG_LEVEL warn) does not write.
    if (this.statusCode < 400 && !logger.isLevelEnabled('info')) return;
    const access = accessLog();
    const entry = {
      reqId: requestId,
      req: { method: req.method, url: req.url },
      res: { statusCode: this.statusCode },
      responseTime: Math.round(ms),
    };
    // 503 is a known state (a service down or shutting down, a feature not configured),
    // reported where it is detected; ERROR is kept for what nobody expected.
    if (this.statusCode >= 500 && this.statusCode !== 503) access.error(entry, 'request failed');
    else if (this.statusCode >= 400) access.warn(entry, 'request refused');
    else access.info(entry, 'request completed');
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const head = requestHead(req);
    const incomingId = head.requestId;
    const requestId = incomingId !== undefined && SAFE_REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    // The id the answer carries is the one the service is given.
    head.requestId = requestId;
    startAnswerHeaders(res, securityHeaders.concat('x-request-id', requestId));
    const path = pathOf(req);
    const upstream = upstreamFor(upstreams, path);
    (res as TrackedResponse)[TRACK] = { started, requestId, route: upstream?.name ?? 'unmatched', req };
    res.on('finish', finished); // an answer finishes once; `once` would wrap the listener per request

    // Draining: nobody stands in front of the gateway to send a refused request again,
    // so what still arrives on a kept-alive connection is served, and the answer closes
    // that connection; the client's next request opens a new one, which the load
    // balancer gives to another replica.
    if (lifecycle.shuttingDown) res.shouldKeepAlive = false;
    if (cors.handle(req, res)) return;
    if (!upstream) {
      return fail(res, new AppError(404, `No API route for ${req.method} ${path}`, 'route_not_found'));
    }
    // A service's own endpoints are not part of the public API; its document is at /api/docs/<service>.json.
    if (isServiceInternal(path)) {
      return fail(
        res,
        new AppError(
          404,
          `No API route for ${req.method} ${path}. API documents are at /api/docs/${upstream.name}.json.`,
          'route_not_found',
        ),
      );
    }

    // No AsyncLocalStorage context here: every log line of this path names its
    // request id itself, and entering a context per request had a measurable cost.
    const failed = (error: unknown) => {
      logger.error({ err: error, reqId: requestId }, 'gateway error');
      fail(res, new AppError(500, 'Something went wrong'));
    };
    try {
      handle(req as ProxiedRequest, res, path, upstream)?.catch(failed);
    } catch (error) {
      failed(error);
    }
  };

  function refusedByLimit(res: ServerResponse, limiter: RateLimiter, policy: string, key: string, msg: string) {
    const headers = rateLimitHeaders(policy, limiter.limit, limiter.windowMs, limiter.windowNow(key));
    fail(res, new AppError(429, msg, 'rate_limited'), headers);
  }

  // The checks in order, each in memory when it can be: a request that needs nothing
  // awaited (most) is proxied without a promise; one that does continues in an async step.
  function handle(req: ProxiedRequest, res: ServerResponse, path: string, upstream: Upstream): Promise<void> | void {
    // Without X-Forwarded-For, proxy-addr's answer is the socket's address.
    const ip = requestHead(req).forwardedFor === undefined ? (req.socket.remoteAddress ?? '') : proxyAddr(req, trust);
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
    // Nothing of the request goes to a process that is not this product's service.
    const admitted = identity.admits(upstream.name);
    if (admitted !== true) return admitLater(admitted, req, res, path, upstream, ip);
    return checkCaller(req, res, path, upstream, ip);
  }

  async function admitLater(
    admitted: boolean | Promise<boolean>,
    req: ProxiedRequest,
    res: ServerResponse,
    path: string,
    upstream: Upstream,
    ip: string,
  ): Promise<void> {
    if (admitted === false || !(await admitted)) {
      return fail(
        res,
        new AppError(
          503,
          `The ${upstream.name} service is unavailable. Please try again shortly.`,
          'upstream_unverified',
        ),
      );
    }
    return checkCaller(req, res, path, upstream, ip);
  }

  function checkCaller(
    req: ProxiedRequest,
    res: ServerResponse,
    path: string,
    upstream: Upstream,
    ip: string,
  ): Promise<void> | void {
    if (path === '/api/user/login' && req.method === 'POST') return loginThenProxy(req, res, path, upstream, ip);
    const method = req.method ?? 'GET';
    const { authorization } = requestHead(req);
    const auth = edgeAuth.now(method, path, authorization);
    if (auth === undefined) {
      return edgeAuth(method, path, authorization).then((later) => proxyIfAllowed(req, res, path, upstream, ip, later));
    }
    return proxyIfAllowed(req, res, path, upstream, ip, auth);
  }

  async function loginThenProxy(
    req: ProxiedRequest,
    res: ServerResponse,
    path: string,
    upstream: Upstream,
    ip: string,
  ) {
    if (await checkLogin(req, res, ip)) return;
    const auth = await edgeAuth('POST', path, requestHead(req).authorization);
    return proxyIfAllowed(req, res, path, upstream, ip, auth);
  }

  function proxyIfAllowed(
    req: ProxiedRequest,
    res: ServerResponse,
    path: string,
    upstream: Upstream,
    ip: string,
    auth: EdgeAuthOutcome,
  ): Promise<void> | void {
    if ('refused' in auth) return fail(res, auth.refused);
    if (path === '/api/user/me' && req.method === 'DELETE') {
      const userId = auth.user?.id ?? '';
      return guardFailures(res, `delete-account:${ip}|${userId}`, DELETE_ACCOUNT_REFUSAL).then((refused) => {
        if (!refused) proxies.get(upstream.name)!(req, res);
      });
    }
    proxies.get(upstream.name)!(req, res);
  }

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
    return guardFailures(res, `login:${ip}|${emailOf(body)}`, LOGIN_REFUSAL);
  }

  /**
   * Password guessing, wherever a password is checked (login, account deletion):
   * after LOGIN_FAILURES_PER_15_MIN refused attempts on `key` the next one is 429
   * until the window ends; successful attempts are not counted.
   */
  async function guardFailures(res: ServerResponse, key: string, refusal: string): Promise<boolean> {
    const limit = config.LOGIN_FAILURES_PER_15_MIN;
    // A failure is counted after its answer has gone out; the next attempt (which may
    // arrive before Redis has the count) waits for it, so attempt limit + 1 is refused.
    await countingFailures.get(key);
    const failures = await limiters.passwordFailures.peek(key);
    if (failures.count >= limit) {
      const headers = rateLimitHeaders('login-failures', limit, LOGIN_WINDOW_MS, failures);
      fail(res, new AppError(429, refusal, 'rate_limited'), headers);
      return true;
    }
    res.once('finish', () => {
      if (res.statusCode >= 400 && res.statusCode !== 429 && res.statusCode < 500) {
        const counted = limiters.passwordFailures.consume(key).then(
          () => undefined,
          () => undefined,
        );
        countingFailures.set(key, counted);
        void counted.then(() => {
          if (countingFailures.get(key) === counted) countingFailures.delete(key);
        });
      }
    });
    return false;
  }
  /** Failures being counted in Redis right now, by key. */
  const countingFailures = new Map<string, Promise<void>>();

  return Object.assign(handler, {
    close: async () => {
      identity.close();
      streamEnds.stop();
      await Promise.all([
        ...Object.values(limiters).map((limiter) => limiter.close()),
        ...[...proxies.values()].map((proxy) => proxy.close()),
      ]);
    },
  });
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
