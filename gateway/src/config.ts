// Gateway configuration (docs/architecture.md §7): where each upstream lives, who may call us
// cross-origin, and the limits that protect the services behind it.
import { resolve } from 'node:path';
import { z } from 'zod';
import { booleanSetting, commonSettings, loadConfig, portSetting, tokenVerifierSettings } from '@tripcost/shared';

const upstreamUrl = (port: number) => z.string().url({ message: 'must be a URL' }).default(`http://127.0.0.1:${port}`);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** The INSTANCE_ID an upstream's /healthz must answer; unset → not checked (upstream-identity.ts). */
const expectedInstance = () => commonSettings.INSTANCE_ID;

export const gatewayConfigSchema = z.object({
  ...commonSettings,
  PORT: portSetting(8080),
  /** Prometheus metrics listen here, never on PORT (the public listener). */
  METRICS_PORT: portSetting(9464),
  /** JWT_PUBLIC_KEY, JWKS_URL (default from AUTH_URL), JWKS_REFRESH_SECONDS, JWKS_COOLDOWN_SECONDS. */
  ...tokenVerifierSettings,
  AUTH_URL: upstreamUrl(4001),
  TRIPS_URL: upstreamUrl(4002),
  WISHLISTS_URL: upstreamUrl(4003),
  INTEGRATIONS_URL: upstreamUrl(4004),
  NOTIFICATIONS_URL: upstreamUrl(4006),
  IMPORTS_URL: upstreamUrl(4005),
  AUTH_INSTANCE_ID: expectedInstance(),
  TRIPS_INSTANCE_ID: expectedInstance(),
  WISHLISTS_INSTANCE_ID: expectedInstance(),
  INTEGRATIONS_INSTANCE_ID: expectedInstance(),
  NOTIFICATIONS_INSTANCE_ID: expectedInstance(),
  IMPORTS_INSTANCE_ID: expectedInstance(),
  /** How often an upstream with an expected instance is asked who it is. */
  UPSTREAM_IDENTITY_CHECK_MS: positiveInt(2000),
  CORS_ORIGINS: z
    .string()
    .default('http://localhost:8080,http://localhost:5173')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** Which proxy hops are trusted for the client IP (Express `trust proxy`). */
  TRUST_PROXY: z.string().default('loopback'),
  UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
  /** Integrations waits on third parties (5 s + one retry), so it gets longer. */
  INTEGRATIONS_TIMEOUT_MS: positiveInt(15_000),
  /** An import reads up to 10 documents, each in its own worker with a 2 s limit. */
  IMPORTS_TIMEOUT_MS: positiveInt(30_000),
  /**
   * How long after the first attempt a request the upstream provably did not handle
   * (refused, or a draining service's marked 503) is still sent again: long enough
   * for a process to restart (upstream-retry.ts).
   */
  UPSTREAM_RETRY_WINDOW_MS: positiveInt(8000),
  RATE_LIMIT_PER_MINUTE: positiveInt(600),
  PHOTO_RATE_LIMIT_PER_MINUTE: positiveInt(240),
  LOGIN_FAILURES_PER_15_MIN: positiveInt(10),
  /**
   * Compress API answers for clients that accept br or gzip (compression.ts). Off
   * where something in front already compresses (an ingress controller): the Helm
   * value gateway.compressAnswers.
   */
  COMPRESS_ANSWERS: booleanSetting(true),
  /** API answers shorter than this many bytes are sent as they are. */
  COMPRESS_MIN_BYTES: z.coerce.number().int().min(0).default(1024),
  WEB_DIST: z.string().default(resolve(__dirname, '../../web/dist')),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  loadConfig(gatewayConfigSchema, env);
