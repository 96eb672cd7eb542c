// The whole back end in this process, as a client sees it: the gateway in front of
// the four real services (each on its own port, real HTTP between them), real Redis
// and BullMQ, embedded stores in a temp dir. Third parties are a closed port.
import type { RunningServer } from '@tripcost/shared';
import {
  silentLogger,
  tempDataDir,
  testKeys,
  testQueuePrefix,
  testRedisUrl,
  uniqueSuffix,
} from '@tripcost/shared/testing';
import { configFrom as authConfig, startAuth } from '@tripcost/auth';
import { configFrom as tripsConfig, startTrips } from '@tripcost/trips';
import { configFrom as wishlistsConfig, startWishlists } from '@tripcost/wishlists';
import { configFrom as integrationsConfig, startIntegrations } from '@tripcost/integrations';
import { closedPortUrl, startTestGateway } from '../../../gateway/test/helpers';

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes
  body: any;
  text: string;
  headers: Headers;
}

export interface RawRequest {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  /** Sent as it is (invalid JSON, other content types). */
  rawBody?: string;
  contentType?: string;
}

export interface Product {
  url: string;
  call(request: RawRequest): Promise<Reply>;
  registerAndLogin(): Promise<Traveller>;
  stop(): Promise<void>;
}

export interface Traveller {
  id: string;
  email: string;
  token: string;
}

export const PASSWORD = 'correct horse';

export async function startProductInProcess(gatewayEnv: Record<string, string> = {}): Promise<Product> {
  const { privateKey, publicKey } = testKeys();
  const offline = await closedPortUrl();
  const common = {
    PORT: '0',
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testQueuePrefix(),
    DATA_DIR: tempDataDir(),
    JWT_PUBLIC_KEY: publicKey,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  };
  const logger = silentLogger();
  const trips = await startTrips(tripsConfig(common), logger);
  const wishlists = await startWishlists(wishlistsConfig({ ...common, TRIPS_URL: trips.url }), logger);
  // Auth gathers exports from trips and wishlists, so it learns where they are.
  const auth = await startAuth(
    authConfig({
      ...common,
      JWT_PRIVATE_KEY: privateKey,
      PASSWORD_ARGON2_MEMORY_KIB: '1024',
      TRIPS_URL: trips.url,
      WISHLISTS_URL: wishlists.url,
    }),
    logger,
  );
  const integrations = await startIntegrations(
    integrationsConfig({
      ...common,
      OPEN_METEO_BASE_URL: offline,
      OPEN_METEO_GEOCODING_BASE_URL: offline,
      OPENWEATHER_BASE_URL: offline,
      GOOGLE_PLACES_BASE_URL: offline,
      OPENAI_BASE_URL: offline,
      UPSTREAM_TIMEOUT_MS: '1000',
    }),
    logger,
  );
  const gateway: RunningServer = await startTestGateway({
    AUTH_URL: auth.url,
    TRIPS_URL: trips.url,
    WISHLISTS_URL: wishlists.url,
    INTEGRATIONS_URL: integrations.url,
    WEB_DIST: '/nonexistent',
    ...gatewayEnv,
  });

  async function call(request: RawRequest): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: string | undefined;
    if (request.rawBody !== undefined) {
      body = request.rawBody;
      headers['content-type'] = request.contentType ?? 'application/json';
    } else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] = request.contentType ?? 'application/json';
    }
    const res = await fetch(`${gateway.url}${request.path}`, { method: request.method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  async function registerAndLogin(): Promise<Traveller> {
    const email = `traveller-${uniqueSuffix()}@example.test`;
    const registered = await call({
      method: 'POST',
      path: '/api/user/register',
      body: {
        fname: 'Ana',
        lname: 'Silva',
        email,
        password: PASSWORD,
        birthday: '1990-04-01',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      },
    });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
    const login = await call({ method: 'POST', path: '/api/user/login', body: { email, password: PASSWORD } });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    const me = await call({ method: 'GET', path: '/api/user/infor', token: login.body.accesstoken });
    return { id: me.body._id, email, token: login.body.accesstoken };
  }

  return {
    url: gateway.url,
    call,
    registerAndLogin,
    async stop() {
      await gateway.stop();
      await Promise.all([auth.stop(), trips.stop(), wishlists.stop(), integrations.stop()]);
    },
  };
}

/** The merged OpenAPI document's operations, as `METHOD /path/{param}` keys. */
export async function documentedOperations(product: Product): Promise<{ key: string; operation: OpenApiOperation }[]> {
  const doc = (await product.call({ method: 'GET', path: '/api/docs/openapi.json' })).body as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    'x-unavailable-services'?: string[];
  };
  if (doc['x-unavailable-services']?.length) {
    throw new Error(`services missing from the API document: ${doc['x-unavailable-services'].join(', ')}`);
  }
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
}

export interface OpenApiOperation {
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
  security?: unknown[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
}
