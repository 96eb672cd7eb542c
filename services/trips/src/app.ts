// Builds the trips Express app from its dependencies (no listen).
import {
  createServiceApp,
  createTokenVerifier,
  Lifecycle,
  type Logger,
  type ReadinessCheck,
  type RevokedUsers,
} from '@tripcost/shared';
import type { TripsService } from './domain/trips-service';
import { tripRoutes } from './http/routes';

export interface TripsAppDeps {
  logger: Logger;
  lifecycle: Lifecycle;
  jwtPublicKey: string;
  revokedUsers: RevokedUsers;
  trips: TripsService;
  readiness: Record<string, ReadinessCheck>;
}

export function buildApp(deps: TripsAppDeps) {
  return createServiceApp({
    name: 'trips',
    logger: deps.logger,
    lifecycle: deps.lifecycle,
    verifier: createTokenVerifier(deps.jwtPublicKey),
    revokedUsers: deps.revokedUsers,
    readiness: deps.readiness,
    routes: tripRoutes(deps.trips),
  });
}
