// The gateway app. The order matters for speed as much as for safety: everything
// in front of the proxies is cheap (no body parsing, a cached token check, one
// Redis round trip for the rate limit), because on this hardware each extra step
// before http-proxy-middleware costs throughput on every API call.
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import {
  AppError,
  createHttpMetrics,
  createTokenVerifier,
  errorHandler,
  pingRedis,
  requestLogging,
  type Lifecycle,
  type Logger,
  type Redis,
} from '@tripcost/shared';
import type { GatewayConfig } from './config';
import { docsPage, mergedOpenApi } from './docs';
import { edgeAuth } from './edge-auth';
import { globalLimit, loginLimit, photoLimit } from './limits';
import { proxyTo } from './proxy';
import { upstreamsFrom } from './routing';
import { webApp } from './web';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  lifecycle: Lifecycle;
  redis: Redis;
}

export function buildGateway({ config, logger, lifecycle, redis }: GatewayDeps): Express {
  const app = express();
  const production = config.NODE_ENV === 'production';
  const upstreams = upstreamsFrom(config);
  const metrics = createHttpMetrics('gateway');
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', config.TRUST_PROXY);

  app.use(...requestLogging(logger));
  app.use((req, _res, next) => {
    // Forward the id we answered with, so the service logs the same one.
    req.headers['x-request-id'] = String((req as { id?: unknown }).id);
    next();
  });
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
  app.use(
    cors({
      origin: (origin, callback) => callback(null, !origin || config.CORS_ORIGINS.includes(origin)),
      credentials: true,
      maxAge: 600,
      exposedHeaders: ['x-request-id'],
    }),
  );
  app.use(metrics.middleware);
  app.use((_req, res, next) => {
    if (!lifecycle.shuttingDown) return next();
    res.setHeader('connection', 'close');
    res.status(503).json({ msg: 'The gateway is shutting down. Please retry.', code: 'shutting_down' });
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    let redisState = 'ok';
    try {
      await pingRedis(redis);
    } catch (error) {
      redisState = (error as Error).message || 'failed';
    }
    const ready = redisState === 'ok' && !lifecycle.shuttingDown;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: { redis: redisState } });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.get('/api/docs', docsPage(upstreams));
  app.get('/api/docs/openapi.json', mergedOpenApi(upstreams));

  const api = express.Router();
  api.use(globalLimit(redis, config));
  api.get('/places-pics', photoLimit(redis, config));
  api.post('/user/login', ...loginLimit(redis, config));
  app.use('/api', api);
  app.use('/api', edgeAuth(createTokenVerifier(config.JWT_PUBLIC_KEY)));
  for (const upstream of upstreams) app.use(proxyTo(upstream, logger));
  app.use('/api', (req, _res, next) => next(new AppError(404, `No API route for ${req.method} ${req.originalUrl.split('?')[0]}`, 'route_not_found')));

  app.use(webApp(config.WEB_DIST));
  app.use(errorHandler(logger));
  return app;
}
