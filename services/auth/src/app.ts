// Builds the auth service's Express app from its dependencies (no listen).
import type { Express } from 'express';
import {
  createServiceApp,
  createTokenVerifier,
  type Lifecycle,
  type Logger,
  type RevokedUsers,
} from '@tripcost/shared';
import type { Accounts } from './domain/accounts';
import type { UserDataSources } from './domain/data-export';
import { userRoutes } from './http/routes';
import type { CookiePolicy } from './http/refresh-cookie';
import type { RefreshSessions } from './store/refresh-sessions';
import type { UserStore } from './store/user-store';

export interface AuthAppDeps {
  logger: Logger;
  lifecycle: Lifecycle;
  publicKey: string;
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
    verifier: createTokenVerifier(deps.publicKey),
    revokedUsers: deps.revokedUsers,
    readiness: { store: () => deps.users.ping(), redis: () => deps.sessions.ping() },
    routes: (ctx) => userRoutes(ctx, deps.accounts, deps.cookies, deps.exportSources),
  });
}
