// Key rotation across processes: the real auth service publishes its keys, and the
// gateway and the trips service (each with no static key) verify by `kid` from the
// JWKS they fetch and cache. Auth is restarted on the same port and data to rotate.
import jwt from 'jsonwebtoken';
import { signAccessToken, signingKeyFrom, type RunningServer, type RunningService } from '@tripcost/shared';
import {
  newKeyPair,
  silentLogger,
  tempDataDir,
  testQueuePrefix,
  testRedisUrl,
  uniqueSuffix,
} from '@tripcost/shared/testing';
import { configFrom as authConfig, startAuth } from '@tripcost/auth';
import { configFrom as tripsConfig, startTrips } from '@tripcost/trips';
import { closedPortUrl, startTestGateway } from './helpers';

jest.setTimeout(90_000);

const LIST = '/api/trips/getaway-trip';
const JWKS = '/api/user/.well-known/jwks.json';
const password = 'correct horse';

interface Deployment {
  gateway: RunningServer;
  trips: RunningService;
  auth: RunningService;
  authUrl: string;
  /** Stops auth and starts it again with other keys, on the same port and data. */
  restartAuth(keys: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

async function deploy(firstKeys: Record<string, string>, jwks: Record<string, string>): Promise<Deployment> {
  const logger = silentLogger();
  const authUrl = await closedPortUrl();
  const common = {
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testQueuePrefix(),
    DATA_DIR: tempDataDir(),
    LOG_LEVEL: 'silent',
  };
  const bootAuth = (keys: Record<string, string>) =>
    startAuth(
      authConfig({ ...common, ...keys, PORT: new URL(authUrl).port, PASSWORD_ARGON2_MEMORY_KIB: '1024' }),
      logger,
      { host: '127.0.0.1' },
    );
  // No JWT_PUBLIC_KEY: both verifiers know keys only from the auth service's JWKS.
  const verifierEnv = { JWT_PUBLIC_KEY: '', AUTH_URL: authUrl, ...jwks };
  const deployment: Deployment = {
    authUrl,
    auth: await bootAuth(firstKeys),
    trips: await startTrips(tripsConfig({ ...common, ...verifierEnv, PORT: '0' }), logger),
    gateway: undefined as unknown as RunningServer,
    async restartAuth(keys) {
      await deployment.auth.stop();
      deployment.auth = await bootAuth(keys);
    },
    async stop() {
      await deployment.gateway?.stop();
      await Promise.all([deployment.trips.stop(), deployment.auth.stop()]);
    },
  };
  deployment.gateway = await startTestGateway({ ...verifierEnv, TRIPS_URL: deployment.trips.url });
  return deployment;
}

async function status(base: string, path: string, token?: string): Promise<number> {
  const res = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await res.arrayBuffer();
  return res.status;
}

async function signUp(gatewayUrl: string): Promise<{ email: string; token: () => Promise<string> }> {
  const email = `rotation-${uniqueSuffix()}@example.test`;
  const registered = await fetch(`${gatewayUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fname: 'Ana',
      lname: 'Silva',
      email,
      password,
      birthday: '1990-04-01',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    }),
  });
  expect(registered.status).toBe(201);
  const token = async () => {
    const login = await fetch(`${gatewayUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    return ((await login.json()) as { accesstoken: string }).accesstoken;
  };
  return { email, token };
}

/** Polls until the answer is the expected one, or fails at the deadline with the last answer. */
async function eventually(expected: number, ask: () => Promise<number>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await ask();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await ask();
  }
  expect(last).toBe(expected);
}

describe('rotating the signing key', () => {
  const [first, second] = [newKeyPair(), newKeyPair()];

  it('when a new key signs and the old one is still published, then tokens of both pass the gateway and trips; once the old key is removed its tokens are 401', async () => {
    // No cooldown: each unknown kid may refresh at once, so the test need not wait 30 s.
    const system = await deploy(
      { JWT_PRIVATE_KEY: first.privateKey },
      { JWKS_COOLDOWN_SECONDS: '0', JWKS_REFRESH_SECONDS: '1' },
    );
    try {
      const { gateway, trips } = system;
      expect(await status(gateway.url, JWKS)).toBe(200);
      const account = await signUp(gateway.url);
      const before = await account.token();
      expect(await status(gateway.url, LIST, before)).toBe(200);
      expect(await status(trips.url, LIST, before)).toBe(200);

      await system.restartAuth({ JWT_PRIVATE_KEY: second.privateKey, JWT_EXTRA_PUBLIC_KEYS: first.publicKey });
      const after = await account.token();
      expect(after).not.toBe(before);
      for (const token of [after, before]) {
        expect(await status(gateway.url, LIST, token)).toBe(200);
        expect(await status(trips.url, LIST, token)).toBe(200);
      }

      await system.restartAuth({ JWT_PRIVATE_KEY: second.privateKey });
      // The verifiers notice the removal at their next refresh (JWKS_REFRESH_SECONDS).
      await eventually(401, () => status(gateway.url, LIST, before));
      await eventually(401, () => status(trips.url, LIST, before));
      expect(await status(gateway.url, LIST, after)).toBe(200);
      expect(await status(trips.url, LIST, after)).toBe(200);
      expect(await status(system.authUrl, '/api/user/infor', before)).toBe(401);
    } finally {
      await system.stop();
    }
  });

  it('when tokens name a key nobody published, then they are 401 and the JWKS is fetched once, not once per request; alg none, HS256 and a wrong key are 401 too', async () => {
    const system = await deploy({ JWT_PRIVATE_KEY: first.privateKey }, {});
    try {
      const { gateway, trips } = system;
      const account = await signUp(gateway.url);
      expect(await fetchesOfJwks(system.authUrl)).toBe(0);

      const forger = signingKeyFrom(newKeyPair().privateKey);
      const forged = signAccessToken(forger, { id: 'a'.repeat(24), email: account.email, role: 0 });
      const answers = await Promise.all(Array.from({ length: 10 }, () => status(gateway.url, LIST, forged)));
      for (let i = 0; i < 10; i++) answers.push(await status(gateway.url, LIST, forged));
      for (let i = 0; i < 10; i++) answers.push(await status(trips.url, LIST, forged));
      expect(new Set(answers)).toEqual(new Set([401]));
      expect(await fetchesOfJwks(system.authUrl)).toBe(2); // one by the gateway, one by trips

      // The fetch brought the genuine key along: its tokens pass without another one.
      const genuine = await account.token();
      expect(await status(gateway.url, LIST, genuine)).toBe(200);
      expect(await status(trips.url, LIST, genuine)).toBe(200);
      expect(await status(gateway.url, LIST, forged)).toBe(401);
      expect(await fetchesOfJwks(system.authUrl)).toBe(2);

      // Naming the genuine key does not help a token that is not RS256-signed by it.
      const kid = jwt.decode(genuine, { complete: true })!.header.kid!;
      const claims = jwt.decode(genuine) as jwt.JwtPayload;
      const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const hostile = [
        `${segment({ alg: 'none', typ: 'JWT', kid })}.${segment(claims)}.`,
        jwt.sign(claims, first.publicKey, { algorithm: 'HS256', keyid: kid }),
        jwt.sign(claims, newKeyPair().privateKey, { algorithm: 'RS256', keyid: kid }),
      ];
      for (const token of hostile) {
        expect(await status(gateway.url, LIST, token)).toBe(401);
        expect(await status(trips.url, LIST, token)).toBe(401);
      }
    } finally {
      await system.stop();
    }
  });
});

/** How many times the auth service has answered its JWKS route (its /metrics). */
async function fetchesOfJwks(authUrl: string): Promise<number> {
  const text = await (await fetch(`${authUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('http_requests_total{') && line.includes(`route="${JWKS}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}
