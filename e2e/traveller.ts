// Who the browser suites act as, written once: a fresh account per suite, made
// through the API (only the journey registers through the form, because that is what
// it tests), the API calls that set up its data, and the login form filled as a
// person fills it.
import type { ProfileFields } from '@tripcost/shared';
import type { Page } from 'playwright-core';
import { BASE_URL } from './browser';

export const PASSWORD = 'Sup3r-secret-pass';

/** A registration body (docs/product.md §7); without a country the account is in the US. */
export type Registration = Omit<ProfileFields, 'country'> & { country?: string; email: string; password: string };

/** A registration with an email no other run used; `profile` sets what the suite's screens show. */
export function newTraveller(suite: string, profile: Partial<Omit<Registration, 'email'>> = {}): Registration {
  return {
    fname: 'Erin',
    lname: 'Walker',
    email: `e2e-${suite}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: PASSWORD,
    birthday: '1988-02-11',
    city: 'Austin',
    state: 'TX',
    zip: '73301',
    ...profile,
  };
}

export interface ApiReply {
  status: number;
  /** The content-type header. */
  type: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers asserted field by field
  body: any;
}

/** One call to the product's API, answered whatever its status (for a test that asserts the status). */
export async function request(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<ApiReply> {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text.startsWith('{') || text.startsWith('[');
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: json ? JSON.parse(text) : text };
}

/** One call that sets up data and must succeed: its JSON answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes
export async function api(method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const reply = await request(method, path, body, token);
  if (reply.status >= 300) throw new Error(`${method} ${path} → ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Registers through the API and logs in: the access token and the user's id. */
export async function signUp(who: Registration): Promise<{ token: string; id: string }> {
  await api('POST', '/api/user/register', who);
  const { accesstoken } = await api('POST', '/api/user/login', { email: who.email, password: who.password });
  const me = await api('GET', '/api/user/infor', undefined, accesstoken);
  return { token: accesstoken, id: me._id };
}

/** Logs in through the form, as a person does, and waits for My Trips. */
export async function signIn(
  page: Page,
  who: Pick<Registration, 'email' | 'password'>,
  base = BASE_URL,
): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/mytrips$/);
}
