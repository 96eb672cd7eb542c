// Builds the trips Express app from its dependencies (no listen).
import { createServiceApp, Lifecycle, type Logger, type ReadinessCheck, type TokenVerifier } from '@tripcost/shared';
import type { TripsService } from './domain/trips-service';
import { tripRoutes } from './http/routes';

export interface TripsAppDeps {
  logger: Logger;
  lifecycle: Lifecycle;
  verifier: TokenVerifier;
  trips: TripsService;
  readiness: Record<string, ReadinessCheck>;
}

export function buildApp(deps: TripsAppDeps) {
  return createServiceApp({
    name: 'trips',
    logger: deps.logger,
    lifecycle: deps.lifecycle,
    verifier: deps.verifier,
    readiness: deps.readiness,
    routes: tripRoutes(deps.trips),
  });
}
