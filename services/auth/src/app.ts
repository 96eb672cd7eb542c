// Builds the auth service's Express app from its dependencies (no listen).
import type { KeyObject } from 'node:crypto';
import type { Express } from 'express';
import {
  createServiceApp,
  createTokenVerifier,
  publicJwkOf,
  staticKeyRing,
  type Lifecycle,
  type Logger,
  type RevokedUsers,
} from '@tripcost/shared';
import type { Accounts } from './domain/accounts';
import type { UserDataSources } from './domain/data-export';
import { jwksRoute } from './http/jwks-route';
import { userRoutes } from './http/routes';
import type { CookiePolicy } from './http/refresh-cookie';
import type { RefreshSessions } from './domain/refresh-sessions';
import type { UserStore } from './domain/user-store';

export interface AuthAppDeps {
  logger: Logger;
  lifecycle: Lifecycle;
  /** The keys auth trusts and publishes: the signing key's public half first, then the extra ones. */
  publicKeys: KeyObject[];
  accounts: Accounts;
  users: UserStore;
  sessions: RefreshSessions;
  cookies: CookiePolicy;
  revokedUsers: RevokedUsers;
  exportSources: UserDataSources;
}

export function buildApp(deps: AuthAppDeps): Express {
  return createServiceApp({
    name: 'auth',
    logger: deps.logger,
    lifecycle: deps.lifecycle,
    // Auth holds every key it publishes, so it never fetches its own JWKS.
    verifier: createTokenVerifier(staticKeyRing(deps.publicKeys)),
    revokedUsers: deps.revokedUsers,
    readiness: { store: () => deps.users.ping(), redis: () => deps.sessions.ping() },
    routes: (ctx) => {
      userRoutes(ctx, deps.accounts, deps.cookies, deps.exportSources);
      jwksRoute(ctx, deps.publicKeys.map(publicJwkOf));
    },
  });
}
