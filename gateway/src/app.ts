// The gateway: API calls take the lean path (api.ts) straight to the proxies;
// everything else (health, API docs, the web app) is served by Express,
// where a little more per-request work buys helmet's full page CSP and static files.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express from 'express';
import helmet from 'helmet';
import {
  createRevokedUsers,
  revokedUserKeyPrefix,
  errorHandler,
  healthHandler,
  notFoundHandler,
  pingRedis,
  readinessHandler,
  type HttpMetrics,
  requestTracking,
  type Lifecycle,
  type Logger,
  type Redis,
  verifierFromConfig,
} from '@tripcost/shared';
import { createApiHandler } from './api';
import type { GatewayConfig } from './config';
import { docsPage, mergedOpenApi, serviceOpenApi } from './docs';
import { upstreamsFrom } from './routing';
import { webApp } from './web';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  lifecycle: Lifecycle;
  redis: Redis;
  /** Recorded here, served on the separate metrics listener (metrics-listener.ts). */
  metrics: HttpMetrics;
}

export interface Gateway {
  listener: RequestListener;
  /** Flushes what the gateway still holds for Redis (rate-limit counts) and stops following revocations. */
  close(): Promise<void>;
}

export function buildGateway({ config, logger, lifecycle, redis, metrics }: GatewayDeps): Gateway {
  const upstreams = upstreamsFrom(config);
  const revokedUsers = createRevokedUsers(redis, logger, revokedUserKeyPrefix(config.QUEUE_PREFIX));
  const api = createApiHandler({
    config,
    logger,
    lifecycle,
    redis,
    upstreams,
    metrics,
    verifier: verifierFromConfig(config, logger),
    revokedUsers,
  });
  const pages = buildPages({ config, logger, lifecycle, redis, metrics }, upstreams);
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (isProxiedApi(req.url ?? '/')) api(req, res);
    else pages(req, res);
  };
  return { listener, close: () => Promise.all([api.close(), revokedUsers.close()]).then(() => undefined) };
}

/** /api and /api/… except the docs page, which the gateway serves itself. */
export function isProxiedApi(url: string): boolean {
  if (!url.startsWith('/api')) return false;
  const next = url.charAt(4);
  if (next !== '' && next !== '/' && next !== '?') return false;
  return !(url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?'));
}

function buildPages(
  { config, logger, lifecycle, redis, metrics }: GatewayDeps,
  upstreams: ReturnType<typeof upstreamsFrom>,
) {
  const production = config.NODE_ENV === 'production';
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', config.TRUST_PROXY);
  // No request context here: its first use would switch async hooks on for the whole
  // process, and the API path would pay for them on every chunk it proxies (ADR 0036).
  app.use(requestTracking({ logger, metrics, context: false }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': production ? [] : null,
        },
      },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    }),
  );
  // Draining: served, and the answer closes its connection (api.ts says why).
  app.use((_req, res, next) => {
    if (lifecycle.shuttingDown) res.shouldKeepAlive = false;
    next();
  });
  app.get('/healthz', healthHandler(config.INSTANCE_ID));
  app.get('/readyz', readinessHandler({ redis: () => pingRedis(redis) }, lifecycle));
  app.get('/api/docs', docsPage(upstreams));
  app.get('/api/docs/openapi.json', mergedOpenApi(upstreams));
  app.get('/api/docs/:file', serviceOpenApi(upstreams));
  app.use(webApp(config.WEB_DIST));
  // What the web app did not serve (API-looking paths, other methods) is a JSON 404.
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
