// The routing table of docs/architecture.md §1 and the few routes that need no token (§2).
// Who serves which path comes from deployables.json (each deployable's `routes`),
// compiled into the kit, so a new service is routed with no edit here.
import { DEPLOYABLES, type ServiceName } from '@tripcost/shared';
import { upstreamSettingNames, type GatewayConfig, type RoutedDeployable } from './config';

/** The services behind the gateway: the kit's one name type, derived from deployables.json. */
export type UpstreamName = ServiceName;

export interface Upstream {
  name: UpstreamName;
  target: string;
  timeoutMs: number;
  /** Path prefixes, each `/api/<segment>`, served by this upstream (the path's first segment after /api/ picks it). */
  prefixes: string[];
  /** The instance its /healthz must answer, when configured (upstream-identity.ts). */
  instanceId?: string;
}

/**
 * One upstream per deployable with routes, in the list's order, each at its configured URL
 * and instance, with its own timeout or UPSTREAM_TIMEOUT_MS. `deployables` is the compiled
 * list; a test may pass another (with the configuration loaded for it).
 */
export function upstreamsFrom(
  config: GatewayConfig,
  deployables: readonly RoutedDeployable[] = DEPLOYABLES,
): Upstream[] {
  // The settings are named after each deployable (config.ts reads them from the same list).
  const settings = config as unknown as Record<string, string | number | undefined>;
  return deployables
    .filter((d) => d.routes.length > 0)
    .map((d) => {
      const names = upstreamSettingNames(d);
      return {
        name: d.name as UpstreamName,
        target: settings[names.url] as string,
        timeoutMs: (names.timeout === undefined ? config.UPSTREAM_TIMEOUT_MS : settings[names.timeout]) as number,
        prefixes: [...d.routes],
        instanceId: settings[names.instance] as string | undefined,
      };
    });
}

const API = '/api/';

/**
 * The upstream serving `path`. Every prefix is `/api/<segment>`, so the path's
 * segment after /api/ is looked up once (a request is routed with one map lookup,
 * not a comparison with each prefix); the table is built once per upstream list.
 */
export function upstreamFor(upstreams: Upstream[], path: string): Upstream | undefined {
  if (!path.startsWith(API)) return undefined;
  const end = path.indexOf('/', API.length);
  return bySegment(upstreams).get(end === -1 ? path.slice(API.length) : path.slice(API.length, end));
}

const tables = new WeakMap<Upstream[], Map<string, Upstream>>();

function bySegment(upstreams: Upstream[]): Map<string, Upstream> {
  let table = tables.get(upstreams);
  if (table === undefined) {
    table = new Map();
    for (const upstream of upstreams) {
      for (const prefix of upstream.prefixes) {
        if (!prefix.startsWith(API) || prefix.indexOf('/', API.length) !== -1) {
          throw new Error(`An upstream prefix must be /api/<segment>: ${prefix}`);
        }
        table.set(prefix.slice(API.length), upstream);
      }
    }
    tables.set(upstreams, table);
  }
  return table;
}

/**
 * Routes that need no access token. `GET /api/places-pics` is public because <img>
 * tags cannot send a header; the integrations service validates its input strictly
 * and the gateway rate-limits it per IP instead. Exchange rates and the currency list
 * are public data, the same for everyone (the per-IP limit applies).
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/user/register',
  'POST /api/user/login',
  'GET /api/user/refresh_token',
  'GET /api/user/logout',
  // The public keys that verify access tokens (JWKS); public by nature.
  'GET /api/user/.well-known/jwks.json',
  'GET /api/places-pics',
  'HEAD /api/places-pics',
  'GET /api/fx/rates',
  'GET /api/fx/currencies',
]);

/** The paths of PUBLIC_ROUTES: most requests are not to one, and are told so by one lookup. */
const PUBLIC_PATHS = new Set([...PUBLIC_ROUTES].map((route) => route.slice(route.indexOf(' ') + 1)));

/**
 * A calendar feed (issue 42): calendar apps fetch it without a login, so the token in its
 * path is the secret (the notifications service keeps only its hash, and logs redact it).
 */
const CALENDAR_FEED = /^\/api\/notifications\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;

export function isPublicRoute(method: string, path: string): boolean {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
  if (PUBLIC_PATHS.has(trimmed)) return PUBLIC_ROUTES.has(`${method} ${trimmed}`);
  return (method === 'GET' || method === 'HEAD') && CALENDAR_FEED.test(trimmed);
}
