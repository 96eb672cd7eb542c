// The lean API path: every /api/* request that goes to a service. It runs on Node's
// own request/response objects, not through Express, because on this hardware each
// Express layer in front of the proxy costs a visible share of throughput
// (docs/adr/0003, docs/adr/0015). In order: request id, security and CORS headers,
// access log and metrics, connection close while draining, routing, rate limits (counted in
// process), token check (signature, then the revoked-users list), proxy. The checks between
// routing and the proxy are api-admission.ts, the password guards password-guard.ts, and
// the access log and metrics of an answer api-tracking.ts.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from 'proxy-addr';
import {
  apiSecurityHeaders,
  AppError,
  collectAfterBursts,
  createRateLimiter,
  rateLimitKey,
  type Lifecycle,
  type Logger,
  type Redis,
  type RevokedUsers,
  type TokenVerifier,
} from '@tripcost/shared';
import { admission } from './api-admission';
import { isServiceInternal } from './api-paths';
import { fail } from './api-refusals';
import { requestFinisher, TRACK, type ApiMetrics, type TrackedResponse } from './api-tracking';
import type { GatewayConfig } from './config';
import { createCors } from './cors';
import { createEdgeAuth } from './edge-auth';
import { requestHead, startAnswerHeaders } from './header-list';
import { pathOf } from './http-helpers';
import { LOGIN_WINDOW_MS, passwordGuard } from './password-guard';
import { proxyTo, type ProxiedRequest } from './proxy';
import { upstreamFor, type Upstream } from './routing';
import { watchUpstreamIdentity } from './upstream-identity';
import { retryingProxy } from './upstream-retry';

export type { ApiMetrics } from './api-tracking';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;
const MINUTE = 60_000;

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
  const limiters = createLimiters(deps);
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

  const finished = requestFinisher(logger, metrics);
  const handle = admission({
    limiters,
    identity,
    edgeAuth,
    guard: passwordGuard(limiters.passwordFailures, config.LOGIN_FAILURES_PER_15_MIN),
    trust,
    proxy: (upstream, req, res) => proxies.get(upstream.name)!(req, res),
  });

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

/**
 * Per-IP limits are checked on every request, so they count in this process and sync
 * with Redis in batches; password failures are rare and counted in Redis directly.
 */
function createLimiters({ config, logger, redis }: ApiDeps) {
  const perMinute = (name: string, limit: number) =>
    createRateLimiter({ redis, logger, name, limit, windowMs: MINUTE });
  return {
    perIp: perMinute(rateLimitKey(config.QUEUE_PREFIX, 'ip'), config.RATE_LIMIT_PER_MINUTE),
    photos: perMinute(rateLimitKey(config.QUEUE_PREFIX, 'photo'), config.PHOTO_RATE_LIMIT_PER_MINUTE),
    passwordFailures: createRateLimiter({
      redis,
      logger,
      name: rateLimitKey(config.QUEUE_PREFIX),
      limit: config.LOGIN_FAILURES_PER_15_MIN,
      windowMs: LOGIN_WINDOW_MS,
    }),
  };
}
