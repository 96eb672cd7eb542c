// Builds the trips Express app from its dependencies (no listen).
import {
  createServiceApp,
  type BurstCollector,
  type Idempotent,
  Lifecycle,
  type Logger,
  type ReadinessCheck,
  type RevokedUsers,
  type TokenVerifier,
} from '@tripcost/shared';
import { tripRoutes } from './routes';
import type { GuessLimit } from './sharing';
import type { TripsService } from './windows';

export interface TripsAppDeps {
  logger: Logger;
  lifecycle: Lifecycle;
  verifier: TokenVerifier;
  revokedUsers: RevokedUsers;
  trips: TripsService;
  readiness: Record<string, ReadinessCheck>;
  /** In front of the creating routes: Idempotency-Key (shared http/idempotency.ts); none in some tests. */
  idempotent?: Idempotent;
  /** Failed invitation-token look-ups per caller (sharing/http/guess-limit.ts); none in some tests. */
  guesses?: GuessLimit;
  /** How often live-update streams send a heartbeat (LIVE_HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** The process's one collector of ended live streams (docs/adr/0060-collect-after-bursts.md). */
  streamEnds: BurstCollector;
}

export function buildApp(deps: TripsAppDeps) {
  return createServiceApp({
    name: 'trips',
    logger: deps.logger,
    lifecycle: deps.lifecycle,
    verifier: deps.verifier,
    revokedUsers: deps.revokedUsers,
    readiness: deps.readiness,
    routes: tripRoutes(deps.trips, deps.idempotent, deps.guesses, {
      heartbeatMs: deps.heartbeatMs ?? 25_000,
      lifecycle: deps.lifecycle,
      streamEnds: deps.streamEnds,
    }),
  });
}
