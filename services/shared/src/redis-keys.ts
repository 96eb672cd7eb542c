// Every Redis key and channel a TripCost process uses starts with the deployment's
// QUEUE_PREFIX (the name is older than its reach: first only BullMQ's prefix). Two
// products on one Redis — two checkouts' `npm start`, parallel test runs — then never
// read each other's queues, sessions, revocations, rate limits or caches. With the
// default prefix the keys are exactly those earlier versions wrote, so a deployment's
// sessions and revocations survive an upgrade.

export const DEFAULT_QUEUE_PREFIX = 'tripcost';

/** Revoked users (deleted accounts) and their announcement channel: `<prefix>:revoked-user:`. */
export const revokedUserKeyPrefix = (prefix: string) => `${prefix}:revoked-user:`;

/** A rate limiter's key prefix: `<prefix>:rl` or `<prefix>:rl:<name>`. */
export const rateLimitKey = (prefix: string, name?: string) => (name ? `${prefix}:rl:${name}` : `${prefix}:rl`);

/**
 * Auth's refresh sessions. They were stored under `auth:` before keys had a prefix, so
 * the default prefix keeps that (signed-in travellers stay signed in across an upgrade);
 * any other prefix puts them under `<prefix>:auth:`.
 */
export const refreshSessionKeyPrefix = (prefix: string) =>
  prefix === DEFAULT_QUEUE_PREFIX ? 'auth:' : `${prefix}:auth:`;

/** The integrations service's caches and limits: `<prefix>:integrations`. */
export const integrationsKeyPrefix = (prefix: string) => `${prefix}:integrations`;

/** A service's Idempotency-Key reservations and answers (http/idempotency.ts): `<prefix>:idem:<service>:`. */
export const idempotencyKeyPrefix = (prefix: string, service: string) => `${prefix}:idem:${service}:`;
