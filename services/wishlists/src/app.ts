// Builds the wishlists Express app from its dependencies (no listen; see server.ts).
import {
  createServiceApp,
  type Idempotent,
  type Lifecycle,
  type Logger,
  type ReadinessCheck,
  type RevokedUsers,
  type TokenVerifier,
} from '@tripcost/shared';
import type { Express } from 'express';
import type { Wishlists } from './domain/wishlists';
import { wishlistRoutes } from './http/routes';

export interface AppDeps {
  wishlists: Wishlists;
  logger: Logger;
  lifecycle: Lifecycle;
  verifier: TokenVerifier;
  revokedUsers: RevokedUsers;
  readiness: Record<string, ReadinessCheck>;
  /** In front of the creating routes: Idempotency-Key (shared http/idempotency.ts); none in some tests. */
  idempotent?: Idempotent;
}

export function buildApp(deps: AppDeps): Express {
  return createServiceApp({
    name: 'wishlists',
    logger: deps.logger,
    lifecycle: deps.lifecycle,
    verifier: deps.verifier,
    revokedUsers: deps.revokedUsers,
    readiness: deps.readiness,
    routes: wishlistRoutes(deps.wishlists, deps.idempotent),
  });
}
