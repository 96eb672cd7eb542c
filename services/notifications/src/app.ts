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
import type { CalendarFeed } from './domain/calendar';
import type { Channels } from './domain/channels/channels';
import type { Notifications } from './domain/notifications';
import { allRoutes } from './http/channel-routes';

export interface AppDeps {
  notifications: Notifications;
  channels: Channels;
  calendar: CalendarFeed;
  publicUrl: string;
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
    routes: allRoutes(deps.notifications, deps.channels, deps.calendar, deps.publicUrl),
  });
}
