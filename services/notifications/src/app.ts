// Builds the notifications Express app from its dependencies (no listen; see server.ts).
import {
  createServiceApp,
  type Lifecycle,
  type Logger,
  type ReadinessCheck,
  type RevokedUsers,
  type TokenVerifier,
} from '@tripcost/shared';
import type { Express } from 'express';
import type { Notifications } from './domain/notifications';
import { notificationRoutes } from './http/routes';

export interface AppDeps {
  notifications: Notifications;
  logger: Logger;
  lifecycle: Lifecycle;
  verifier: TokenVerifier;
  revokedUsers: RevokedUsers;
  readiness: Record<string, ReadinessCheck>;
}

export function buildApp(deps: AppDeps): Express {
  return createServiceApp({
    name: 'notifications',
    logger: deps.logger,
    lifecycle: deps.lifecycle,
    verifier: deps.verifier,
    revokedUsers: deps.revokedUsers,
    readiness: deps.readiness,
    routes: notificationRoutes(deps.notifications),
  });
}
