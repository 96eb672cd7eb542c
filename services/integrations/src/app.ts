// Builds the integrations HTTP app (no listen): the shared kit plus this service's routes.
import { createServiceApp, type Lifecycle, type Logger, type RevokedUsers, type TokenVerifier } from '@tripcost/shared';
import type { Express } from 'express';
import { integrationsRoutes, type IntegrationsServices } from './http/routes';
import type { CityIndex } from './store/offline-cities';

export function buildApp(deps: {
  logger: Logger;
  lifecycle: Lifecycle;
  verifier: TokenVerifier;
  revokedUsers: RevokedUsers;
  services: IntegrationsServices;
  cities: CityIndex;
}): Express {
  return createServiceApp({
    name: 'integrations',
    logger: deps.logger,
    lifecycle: deps.lifecycle,
    verifier: deps.verifier,
    revokedUsers: deps.revokedUsers,
    // Redis is deliberately not a readiness check: every route answers without it
    // (the cache fails open), so a Redis outage must not take the service out of rotation.
    readiness: {
      cities: async () => {
        if (deps.cities.size === 0) throw new Error('offline city index is empty');
      },
    },
    routes: integrationsRoutes(deps.services),
  });
}
