// The whole back end in this jest process, as a client sees it: the gateway in front
// of the real services (each on its own free port, real HTTP between them), real
// Redis and BullMQ under a queue prefix of its own, embedded stores in one temp dir,
// one key pair. Third parties are a closed port: no internet.
//
// It lives in the gateway's tests, beside `startTestGateway`, because the gateway is
// the one workspace that fronts every service, so the direction of use stays one
// way: the system suite (system/test/support/product.ts) imports this file, and
// nothing here imports the system suite. @tripcost/shared/testing cannot hold it:
// shared is a dependency of the services it would have to start.
import { vapidKeyPair } from '../../scripts/lib/vapid-keys.cjs';
import type { Logger, RunningService } from '@tripcost/shared';
import {
  closedPortUrl,
  silentLogger,
  tempDataDir,
  testKeys,
  testServiceEnv,
  uniqueSuffix,
} from '@tripcost/shared/testing';
import { configFrom as authConfig, startAuth } from '@tripcost/auth';
import { configFrom as tripsConfig, startTrips } from '@tripcost/trips';
import { configFrom as wishlistsConfig, startWishlists } from '@tripcost/wishlists';
import { configFrom as integrationsConfig, startIntegrations } from '@tripcost/integrations';
import { configFrom as notificationsConfig, startNotifications } from '@tripcost/notifications';
import { configFrom as importsConfig, startImports } from '@tripcost/imports';
import type { RunningGateway } from '../src';
import { startTestGateway } from './helpers';

export type ServiceName = 'auth' | 'trips' | 'wishlists' | 'integrations' | 'notifications' | 'imports';
/** Start order: each service starts after those whose URLs it is told (auth's export reads notifications and imports). */
const START_ORDER: readonly ServiceName[] = ['trips', 'wishlists', 'notifications', 'imports', 'auth', 'integrations'];

export interface ProductOptions {
  /** The services to run (default all); the others are a closed port to everyone. */
  services?: ServiceName[];
  /** Extra environment for one service or the gateway; it wins over the defaults. */
  env?: Partial<Record<ServiceName | 'gateway', Record<string, string>>>;
  /** Where the embedded stores write (default a fresh temp dir). */
  dataDir?: string;
  /** Each process's logger (default: one silent logger), for a test that reads what each one writes. */
  loggerFor?: (name: ServiceName | 'gateway') => Logger;
}

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes, asserted field by field
  body: any;
  text: string;
  headers: Headers;
}

export interface RawRequest {
  method: string;
  path: string;
  token?: string;
  cookie?: string;
  body?: unknown;
  /** Sent as it is (invalid JSON, other content types). */
  rawBody?: string;
  contentType?: string;
  /** Sent past the gateway, straight to this server (a service's own URL). */
  baseUrl?: string;
}

export interface Traveller {
  id: string;
  email: string;
  token: string;
  /** `refreshtoken=…`, as a browser would send it back. */
  cookie: string;
}

export interface Product {
  /** The gateway's URL. */
  url: string;
  dataDir: string;
  /** Where a running service listens, for a test that calls it directly. */
  serviceUrl(name: ServiceName): string;
  call(request: RawRequest): Promise<Reply>;
  /** Registers `email` (default a unique one) with `registration`'s profile and logs in. */
  registerAndLogin(email?: string): Promise<Traveller>;
  /** Stops one service and starts it again on the same port, data, keys and environment. */
  restart(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

export const PASSWORD = 'correct horse';

/** A valid registration body (docs/product.md §7). */
export const registration = (email: string) => ({
  fname: 'Ana',
  lname: 'Silva',
  email,
  password: PASSWORD,
  birthday: '1990-04-01',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
});

export async function startProductInProcess(options: ProductOptions = {}): Promise<Product> {
  const { privateKey } = testKeys();
  const vapid = vapidKeyPair();
  const offline = await closedPortUrl();
  const dataDir = options.dataDir ?? tempDataDir();
  // One environment for all: the same data dir, Redis prefix and key pair.
  const common = testServiceEnv({ DATA_DIR: dataDir, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const silent = silentLogger();
  const loggerOf = (name: ServiceName) => options.loggerFor?.(name) ?? silent;
  const wanted = new Set(options.services ?? START_ORDER);
  const running = new Map<ServiceName, RunningService>();
  // Where each service was first placed; a restart keeps the place, so the others need not be told.
  const placed = new Map<ServiceName, { url: string; port: number }>();
  const urlOf = (name: ServiceName) => placed.get(name)?.url ?? offline;

  function envOf(name: ServiceName): Record<string, string> {
    const base = { ...common, PORT: String(placed.get(name)?.port ?? 0) };
    const own: Record<ServiceName, Record<string, string>> = {
      trips: {},
      wishlists: { TRIPS_URL: urlOf('trips') },
      // Web Push keys, as `npm start` makes them: push answers as in the product.
      notifications: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
      imports: { TRIPS_URL: urlOf('trips') },
      // Auth gathers exports from trips, wishlists, notifications and imports, so it learns where they are.
      auth: {
        JWT_PRIVATE_KEY: privateKey,
        PASSWORD_ARGON2_MEMORY_KIB: '1024',
        TRIPS_URL: urlOf('trips'),
        WISHLISTS_URL: urlOf('wishlists'),
        NOTIFICATIONS_URL: urlOf('notifications'),
        IMPORTS_URL: urlOf('imports'),
      },
      integrations: {
        OPEN_METEO_BASE_URL: offline,
        OPEN_METEO_GEOCODING_BASE_URL: offline,
        OPENWEATHER_BASE_URL: offline,
        GOOGLE_PLACES_BASE_URL: offline,
        OPENAI_BASE_URL: offline,
        FX_API_URL: offline,
        UPSTREAM_TIMEOUT_MS: '1000',
      },
    };
    return { ...base, ...own[name], ...options.env?.[name] };
  }

  const starters: Record<ServiceName, (env: Record<string, string>) => Promise<RunningService>> = {
    auth: (env) => startAuth(authConfig(env), loggerOf('auth')),
    trips: (env) => startTrips(tripsConfig(env), loggerOf('trips')),
    wishlists: (env) => startWishlists(wishlistsConfig(env), loggerOf('wishlists')),
    integrations: (env) => startIntegrations(integrationsConfig(env), loggerOf('integrations')),
    notifications: (env) => startNotifications(notificationsConfig(env), loggerOf('notifications')),
    imports: (env) => startImports(importsConfig(env), loggerOf('imports')),
  };

  async function start(name: ServiceName): Promise<void> {
    const service = await starters[name](envOf(name));
    running.set(name, service);
    placed.set(name, { url: service.url, port: service.port });
  }

  let gateway: RunningGateway | undefined;
  async function stop(): Promise<void> {
    await gateway?.stop();
    await Promise.all([...running.values()].map((service) => service.stop()));
    running.clear();
  }

  try {
    for (const name of START_ORDER) if (wanted.has(name)) await start(name);
    gateway = await startTestGateway(
      {
        AUTH_URL: urlOf('auth'),
        TRIPS_URL: urlOf('trips'),
        WISHLISTS_URL: urlOf('wishlists'),
        INTEGRATIONS_URL: urlOf('integrations'),
        NOTIFICATIONS_URL: urlOf('notifications'),
        IMPORTS_URL: urlOf('imports'),
        WEB_DIST: '/nonexistent',
        ...options.env?.gateway,
      },
      options.loggerFor?.('gateway'),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const gatewayUrl = gateway.url;

  async function call(request: RawRequest): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    if (request.cookie) headers.cookie = request.cookie;
    let body: string | undefined;
    if (request.rawBody !== undefined) body = request.rawBody;
    else if (request.body !== undefined) body = JSON.stringify(request.body);
    if (body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
    const res = await fetch(`${request.baseUrl ?? gatewayUrl}${request.path}`, {
      method: request.method,
      headers,
      body,
    });
    // A live-update stream never ends: its status and headers are the answer.
    const streaming = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
    const text = streaming ? (await res.body?.cancel(), '') : await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  async function registerAndLogin(email = `traveller-${uniqueSuffix()}@example.test`): Promise<Traveller> {
    const registered = await call({ method: 'POST', path: '/api/user/register', body: registration(email) });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
    const login = await call({ method: 'POST', path: '/api/user/login', body: { email, password: PASSWORD } });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    const token = login.body.accesstoken as string;
    const me = await call({ method: 'GET', path: '/api/user/infor', token });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    return { id: me.body._id, email, token, cookie };
  }

  return {
    url: gatewayUrl,
    dataDir,
    serviceUrl: (name) => {
      const service = running.get(name);
      if (!service) throw new Error(`${name} is not running in this product`);
      return service.url;
    },
    call,
    registerAndLogin,
    async restart(name) {
      const service = running.get(name);
      if (!service) throw new Error(`${name} is not running in this product`);
      running.delete(name);
      await service.stop();
      await start(name);
    },
    stop,
  };
}
