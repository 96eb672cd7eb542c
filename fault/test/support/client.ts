import { randomUUID } from 'node:crypto';

// A traveller's client of the API (through the gateway or straight at a service).
export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes
  body: any;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  timeoutMs?: number;
  /**
   * Behave as a browser does when a kept-alive connection it reuses is closed before
   * any answer (the server closed it as idle while the request was on its way, a race
   * HTTP/1.1 cannot prevent): send a request that is safe to repeat once more on a new
   * connection. Called with each such retry. fetch (undici) does not do this itself.
   * A POST is safe to repeat too when it carries an Idempotency-Key (the creating
   * routes answer a repeat with the first answer), so with this option each POST gets
   * one, as an API client that retries does.
   */
  onClosedRetry?: () => void;
}

const SAFE_TO_REPEAT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'POST']);

const closedBeforeAnswer = (error: unknown): boolean => {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
};

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const sent = options.onClosedRetry && method === 'POST' ? { ...options, idempotencyKey: randomUUID() } : options;
  try {
    return await callOnce(baseUrl, method, path, sent);
  } catch (error) {
    if (!options.onClosedRetry || !SAFE_TO_REPEAT.has(method) || !closedBeforeAnswer(error)) throw error;
    options.onClosedRetry();
    return callOnce(baseUrl, method, path, sent);
  }
}

async function callOnce(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions & { idempotencyKey?: string },
): Promise<Reply> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

let counter = 0;

/** Registers a new traveller through `authUrl` (gateway or auth) and logs in. */
export async function newTraveller(
  authUrl: string,
  fname = 'Ana',
): Promise<{ token: string; email: string; password: string }> {
  counter += 1;
  const email = `fault-${process.pid}-${Date.now()}-${counter}@example.test`;
  const password = 'correct horse';
  const registered = await call(authUrl, 'POST', '/api/user/register', {
    body: {
      fname,
      lname: 'Silva',
      email,
      password,
      birthday: '1990-04-01',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await call(authUrl, 'POST', '/api/user/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { token: login.body.accesstoken, email, password };
}

/** Runs `work` for each item with at most `concurrency` at a time. */
export async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}
