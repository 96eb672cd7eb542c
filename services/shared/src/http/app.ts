// The app factory every service uses: request ids, security headers, access logs
// and metrics (one layer), JSON bodies only (415 otherwise) up to 100 kB, health,
// OpenAPI, the service's routes, and the one error middleware, in that order.
import express, { type Express, type RequestHandler, type Router } from 'express';
import { optionalAuth, requireAuth } from '../auth/middleware';
import type { RevokedUsers } from '../auth/revoked-users';
import type { TokenVerifier } from '../auth/tokens';
import { DRAINING_HEADER, type Lifecycle } from '../lifecycle';
import type { Logger } from '../logger';
import { errorHandler, notFoundHandler } from './error-handler';
import { createHttpMetrics } from './metrics';
import { requestTracking } from './request-logging';
import { apiSecurityHeaders } from './security-headers';
import { createApiDoc } from './api-doc';
import { jsonBodiesOnly } from './json-bodies';
import { routeDirectly } from './direct-routes';
import type { RouteContext } from './route';
import { errorBody, shuttingDown } from '../errors';

export type ReadinessCheck = () => Promise<unknown>;

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  lifecycle: Lifecycle;
  verifier: TokenVerifier;
  /** Users whose still-valid tokens are refused (deleted accounts); checked after the signature. */
  revokedUsers: RevokedUsers;
  /** Named checks behind /readyz, e.g. redis and the store. */
  readiness: Record<string, ReadinessCheck>;
  /** Adds the service's routes through `defineRoute(ctx, …)`. */
  routes: (ctx: RouteContext) => void;
  /** Extra middleware before the JSON parser (e.g. cookie parsing). */
  beforeBody?: RequestHandler[];
  jsonLimit?: string;
  /** Body types other than JSON that the service's routes read themselves, after their checks (imports: multipart/form-data). */
  routesRead?: string[];
  /** Answered by /healthz as `instance` (default: INSTANCE_ID from the environment). */
  instanceId?: string;
}

const READINESS_TIMEOUT_MS = 1500;

/**
 * While a service shuts down, new requests get a marked 503 and the connection is
 * closed: answered before the body is read, nothing of the request ran, so the
 * gateway sends it again (to the restarted or another replica).
 */
export function shutdownGuard(lifecycle: Lifecycle): RequestHandler {
  return (_req, res, next) => {
    if (!lifecycle.shuttingDown) return next();
    const refusal = shuttingDown();
    res.setHeader('connection', 'close');
    res.setHeader(DRAINING_HEADER, '1');
    res.status(refusal.status).json(errorBody(refusal));
  };
}

/**
 * Liveness: the process answers, and says which instance it is when it was given an
 * INSTANCE_ID, so whoever checks (`npm start`, the gateway) can tell it from another
 * process answering on the same port.
 */
export function healthHandler(instanceId: string | undefined = process.env.INSTANCE_ID || undefined): RequestHandler {
  const answer = instanceId ? { status: 'ok', instance: instanceId } : { status: 'ok' };
  return (_req, res) => {
    res.json(answer);
  };
}

/** Readiness: every named check passes within its time limit, and no shutdown has begun. */
export function readinessHandler(readiness: Record<string, ReadinessCheck>, lifecycle: Lifecycle): RequestHandler {
  return async (_req, res) => {
    const results = await Promise.all(
      Object.entries(readiness).map(async ([name, check]) => {
        try {
          await withTimeout(check(), READINESS_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, (error as Error).message || 'failed'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(results);
    const ready = results.every(([, state]) => state === 'ok') && !lifecycle.shuttingDown;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks });
  };
}

export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.set('query parser', 'simple');
  // No hash of every JSON body: answers whose versions matter carry their own ETag
  // (the trips service's version and list tags); hashing the rest cost more than it saved.
  app.set('etag', false);
  const metrics = createHttpMetrics(options.name);
  const doc = createApiDoc(`TripCost ${options.name} API`); // as describeRoutes

  // HSTS as helmet sets it: the gateway passes service answers through unchanged.
  // Successful answers are logged at debug: the gateway logs each with the same id.
  app.use(
    requestTracking({
      logger: options.logger,
      metrics,
      headers: apiSecurityHeaders({ hsts: true }),
      successLevel: 'debug',
    }),
  );
  app.use(shutdownGuard(options.lifecycle));
  app.get('/healthz', healthHandler(options.instanceId));
  app.get('/readyz', readinessHandler(options.readiness, options.lifecycle));
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(doc.document());
  });

  for (const middleware of options.beforeBody ?? []) app.use(middleware);
  app.use(jsonBodiesOnly(options.routesRead));
  app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));

  const router: Router = express.Router();
  options.routes({
    router,
    doc,
    requireAuth: requireAuth(options.verifier, options.revokedUsers),
    optionalAuth: optionalAuth(options.verifier, options.revokedUsers),
  });
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  // Last: it reads the stacks just built.
  routeDirectly(app, router);
  return app;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
