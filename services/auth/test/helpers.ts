// Boots the real auth service in-process (port 0, real Redis, embedded store in a
// temp dir) and talks to it over HTTP the way the web app does.
import { silentLogger, tempDataDir, testKeys, testServiceEnv, uniqueSuffix } from '@tripcost/shared/testing';
import { configFrom, type AuthConfig } from '../src/config';
import { startAuth, type RunningAuth, type StartOptions } from '../src/server';

/** Cheap Argon2id (1 MiB) keeps the suite fast; passwords.test.ts covers the real default. */
export function testConfig(overrides: Record<string, string> = {}): AuthConfig {
  const env = testServiceEnv({
    DATA_DIR: tempDataDir('tripcost-auth-'),
    JWT_PRIVATE_KEY: testKeys().privateKey,
    PASSWORD_ARGON2_MEMORY_KIB: '1024',
    ...overrides,
  });
  // Auth verifies with its own signing key's public half (plus any extra keys); a
  // public key is only set when a test names one, e.g. to prove a mismatch is refused.
  if (!('JWT_PUBLIC_KEY' in overrides)) delete env.JWT_PUBLIC_KEY;
  return configFrom(env);
}

export function bootAuth(overrides: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningAuth> {
  return startAuth(testConfig(overrides), silentLogger(), { host: '127.0.0.1', ...options });
}

export interface Registration {
  fname: string;
  lname: string;
  email: string;
  password: string;
  birthday: string;
  city: string;
  state: string;
  zip: string;
  /** Left out unless a test names one (the server then stores US). */
  country?: string;
  /** Left out unless a test names one (the server then stores USD). */
  home_currency?: string;
}

export function newRegistration(overrides: Partial<Registration> = {}): Registration {
  return {
    fname: 'Ada',
    lname: 'Lovelace',
    email: `ada-${uniqueSuffix()}@example.test`,
    password: 'correct horse battery',
    birthday: '1990-12-10',
    city: 'Boston',
    state: 'MA',
    zip: '02118',
    ...overrides,
  };
}

export interface Reply {
  status: number;
  // Replies are JSON whose shape each test asserts; typing them per route buys nothing here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The refresh cookie's Set-Cookie line, if the response set or cleared it. */
  setCookie?: string;
  /** The refresh token value the response set ('' when it cleared the cookie). */
  refreshToken?: string;
}

export function client(baseUrl: string) {
  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; token?: string; refreshToken?: string } = {},
  ): Promise<Reply> => {
    const headers: Record<string, string> = {};
    if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = options.token;
    if (options.refreshToken !== undefined) headers.cookie = `theme=dark; refreshtoken=${options.refreshToken}`;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    const setCookie = res.headers.getSetCookie().find((line) => line.startsWith('refreshtoken='));
    const refreshToken = setCookie ? /^refreshtoken=([^;]*)/.exec(setCookie)?.[1] : undefined;
    return { status: res.status, body: text ? JSON.parse(text) : undefined, setCookie, refreshToken };
  };

  const api = {
    call,
    register: (registration: Partial<Registration> | Record<string, unknown>) =>
      call('POST', '/api/user/register', { body: registration }),
    login: (email: string, password: string) => call('POST', '/api/user/login', { body: { email, password } }),
    refresh: (refreshToken?: string) => call('GET', '/api/user/refresh_token', { refreshToken }),
    logout: (refreshToken?: string) => call('GET', '/api/user/logout', { refreshToken }),
    infor: (token?: string) => call('GET', '/api/user/infor', { token }),
    getProfile: (id: string, token?: string) => call('GET', `/api/user/profile/${id}`, { token }),
    putProfile: (id: string, body: unknown, token?: string) => call('PUT', `/api/user/profile/${id}`, { body, token }),

    /** Registers a fresh user and logs in: their id, access token and refresh token. */
    async signUp(overrides: Partial<Registration> = {}) {
      const registration = newRegistration(overrides);
      const registered = await api.register(registration);
      if (registered.status !== 201)
        throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
      const login = await api.login(registration.email, registration.password);
      if (login.status !== 200 || !login.refreshToken) throw new Error(`login failed: ${login.status}`);
      const info = await api.infor(login.body.accesstoken);
      return {
        registration,
        id: info.body._id as string,
        accessToken: login.body.accesstoken as string,
        refreshToken: login.refreshToken,
      };
    },
  };
  return api;
}
