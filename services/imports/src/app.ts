// Builds the imports Express app from its dependencies (no listen; see server.ts).
import {
  createServiceApp,
  type Lifecycle,
  type Logger,
  type RateLimiter,
  type ReadinessCheck,
  type RevokedUsers,
  type TokenVerifier,
} from '@tripcost/shared';
import type { Express } from 'express';
import type { Imports } from './domain/imports';
import { IMPORT_LIMITS } from './domain/limits';
import { importRoutes } from './http/routes';

export interface AppDeps {
  imports: Imports;
  logger: Logger;
  lifecycle: Lifecycle;
  verifier: TokenVerifier;
  revokedUsers: RevokedUsers;
  readiness: Record<string, ReadinessCheck>;
  limiter?: RateLimiter;
}

export function buildApp(deps: AppDeps): Express {
  return createServiceApp({
    name: 'imports',
    logger: deps.logger,
    lifecycle: deps.lifecycle,
    verifier: deps.verifier,
    revokedUsers: deps.revokedUsers,
    readiness: deps.readiness,
    routes: importRoutes(deps.imports, deps.limiter),
    // Pasted text may be as large as one file; uploads are read by the route itself, after the token check.
    jsonLimit: `${IMPORT_LIMITS.fileBytes + 64 * 1024}b`,
    routesRead: ['multipart/form-data'],
  });
}
