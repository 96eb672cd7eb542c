// Gateway configuration (docs/architecture.md §7): where each upstream lives, who may call us
// cross-origin, and the limits that protect the services behind it.
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  booleanSetting,
  commonSettings,
  DEPLOYABLES,
  loadConfig,
  portSetting,
  tokenVerifierSettings,
  type Deployable,
} from '@tripcost/shared';

const upstreamUrl = (port: number) => z.string().url({ message: 'must be a URL' }).default(`http://127.0.0.1:${port}`);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** The INSTANCE_ID an upstream's /healthz must answer; unset → not checked (upstream-identity.ts). */
const expectedInstance = () => commonSettings.INSTANCE_ID;

/** What the gateway needs of a deployable it routes to (deployables.json: `routes`, `routeTimeoutMs`). */
export interface RoutedDeployable {
  name: string;
  port: number;
  urlVar: string;
  routes: readonly string[];
  routeTimeoutMs?: number;
}

/** `reviews-v2` → `REVIEWS_V2`: how a deployable's name appears in its settings' names. */
type EnvName<N extends string> = N extends `${infer Head}-${infer Tail}`
  ? `${Uppercase<Head>}_${EnvName<Tail>}`
  : Uppercase<N>;
const envName = (name: string) => name.toUpperCase().replaceAll('-', '_');

/**
 * The settings of one upstream, by name: its URL (`urlVar`, the contract with the chart
 * and npm start), the instance its /healthz must answer, and its own timeout when the
 * list gives it one (otherwise UPSTREAM_TIMEOUT_MS applies).
 */
export function upstreamSettingNames(d: RoutedDeployable): { url: string; instance: string; timeout?: string } {
  const name = envName(d.name);
  return {
    url: d.urlVar,
    instance: `${name}_INSTANCE_ID`,
    ...(d.routeTimeoutMs !== undefined && { timeout: `${name}_TIMEOUT_MS` }),
  };
}

/** The upstream settings for every deployable with routes, each defaulting to what the list says. */
export function upstreamSettingsFor(deployables: readonly RoutedDeployable[]): Record<string, z.ZodTypeAny> {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const d of deployables.filter((routed) => routed.routes.length > 0)) {
    const names = upstreamSettingNames(d);
    shape[names.url] = upstreamUrl(d.port);
    shape[names.instance] = expectedInstance();
    if (names.timeout) shape[names.timeout] = positiveInt(d.routeTimeoutMs!);
  }
  return shape;
}

/** The compiled list's upstreams, as typed settings: AUTH_URL, AUTH_INSTANCE_ID, INTEGRATIONS_TIMEOUT_MS, … */
type Routed = Extract<Deployable, { routes: readonly [string, ...string[]] }>;
type UpstreamSettings = { [D in Routed as D['urlVar']]: ReturnType<typeof upstreamUrl> } & {
  [D in Routed as `${EnvName<D['name']>}_INSTANCE_ID`]: ReturnType<typeof expectedInstance>;
} & {
  [D in Extract<Routed, { routeTimeoutMs: number }> as `${EnvName<D['name']>}_TIMEOUT_MS`]: ReturnType<
    typeof positiveInt
  >;
};

/** The settings every gateway has, whatever it routes to. */
const ownSettings = {
  ...commonSettings,
  PORT: portSetting(8080),
  /** Prometheus metrics listen here, never on PORT (the public listener). */
  METRICS_PORT: portSetting(9464),
  /** JWT_PUBLIC_KEY, JWKS_URL (default from AUTH_URL), JWKS_REFRESH_SECONDS, JWKS_COOLDOWN_SECONDS. */
  ...tokenVerifierSettings,
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
  /** How long the gateway waits for an upstream without a routeTimeoutMs of its own (deployables.json). */
  UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
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
};

/**
 * The gateway's settings: its own, and each upstream's from deployables.json (compiled into
 * the kit), so a new service's URL, instance and timeout settings need no edit here.
 */
export const gatewayConfigSchema = z.object({
  ...ownSettings,
  ...(upstreamSettingsFor(DEPLOYABLES) as UpstreamSettings),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/**
 * The configuration from `env`. `deployables` is the compiled list; another list (a test
 * adding a deployable) gets that list's upstream settings instead.
 */
export const loadGatewayConfig = (
  env: Record<string, string | undefined> = process.env,
  deployables: readonly RoutedDeployable[] = DEPLOYABLES,
): GatewayConfig =>
  deployables === DEPLOYABLES
    ? loadConfig(gatewayConfigSchema, env)
    : (loadConfig(z.object({ ...ownSettings, ...upstreamSettingsFor(deployables) }), env) as unknown as GatewayConfig);
