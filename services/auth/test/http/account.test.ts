// Deleting one's account and downloading one's data, against the real auth service
// (real Redis, embedded store on disk). Trips and wishlists are stood in for by
// local HTTP servers here; the gateway's system test runs the real ones.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { bullConnectionOptions, inboxQueueName, type EventEnvelope } from '@tripcost/shared';
import { eventually, tempDataDir, testQueuePrefix, testRedisUrl } from '@tripcost/shared/testing';
import type { RunningAuth } from '../../src/server';
import { bootAuth, client } from '../helpers';
import { createClient } from '../redis-probe';

interface FakeSource {
  url: string;
  /** The Authorization header of every call, to prove the caller's token is used. */
  seen: string[];
  answer: { status: number; body: unknown };
  /** Answers for one path only (the rest get `answer`). */
  byPath: Record<string, { status: number; body: unknown }>;
  /** Every trip's history, newest first, answered a page at a time as the trips API pages it. */
  history: unknown[];
  close(): Promise<void>;
}

async function fakeSource(): Promise<FakeSource> {
  const fake: FakeSource = {
    url: '',
    seen: [],
    answer: { status: 200, body: [] },
    byPath: {},
    history: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    fake.seen.push(String(req.headers.authorization));
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname.endsWith('/history')) {
      // The cursor is an index into the list here (opaque to the export, as the API's is).
      const from = Number(url.searchParams.get('before') ?? 0);
      const to = from + Number(url.searchParams.get('limit'));
      const next = to < fake.history.length ? String(to) : null;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ entries: fake.history.slice(from, to), next }));
      return;
    }
    const answer = fake.byPath[url.pathname] ?? fake.answer;
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

async function eventually(check: () => void | Promise<void>, withinMs = 5000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('account deletion and data export', () => {
  const dataDir = tempDataDir('tripcost-auth-account-');
  const prefix = testQueuePrefix();
  let auth: RunningAuth;
  let api: ReturnType<typeof client>;
  let trips: FakeSource;
  let wishlists: FakeSource;
  let imports: FakeSource;
  let notifications: FakeSource;
  const published: EventEnvelope[] = [];
  const consumers: Worker[] = [];
  const redis = createClient(prefix);

  beforeAll(async () => {
    trips = await fakeSource();
    wishlists = await fakeSource();
    imports = await fakeSource();
    imports.answer = { status: 200, body: [] };
    notifications = await fakeSource();
    notifications.answer = { status: 200, body: { notifications: [], preferences: {} } };
    auth = await bootAuth({
      DATA_DIR: dataDir,
      QUEUE_PREFIX: prefix,
      TRIPS_URL: trips.url,
      WISHLISTS_URL: wishlists.url,
      IMPORTS_URL: imports.url,
      NOTIFICATIONS_URL: notifications.url,
    });
    api = client(auth.url);
    for (const service of ['trips', 'wishlists'] as const) {
      consumers.push(
        new Worker(inboxQueueName(service), async (job) => void published.push(job.data), {
          connection: bullConnectionOptions(testRedisUrl()),
          prefix,
        }),
      );
    }
  });
  afterAll(async () => {
    await auth.stop();
    await Promise.all(consumers.map((worker) => worker.close()));
    await trips.close();
    await wishlists.close();
    await imports.close();
    await notifications.close();
    redis.quit();
  });

  const deleteAccount = (token: string, body: unknown) => api.call('DELETE', '/api/user/me', { token, body });

  it('when the password is wrong or missing, then 403 / 400 {msg} and the account stays', async () => {
    const user = await api.signUp();
    const wrong = await deleteAccount(user.accessToken, { password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ msg: 'The password is not correct.', code: 'forbidden' });
    const missing = await deleteAccount(user.accessToken, {});
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Please enter your password to delete your account.');
    expect((await api.infor(user.accessToken)).status).toBe(200);
    expect((await api.login(user.registration.email, user.registration.password)).status).toBe(200);
  });

  it('when someone deletes with another user’s password, then 403 and neither account is touched', async () => {
    const victim = await api.signUp();
    const intruder = await api.signUp();
    const res = await deleteAccount(intruder.accessToken, { password: victim.registration.password + '!' });
    expect(res.status).toBe(403);
    expect((await api.infor(victim.accessToken)).status).toBe(200);
    expect((await api.infor(intruder.accessToken)).status).toBe(200);
  });

  it('when the password is right, then the account, every session and the old token are gone, user.deleted goes out, and the email can register again', async () => {
    const user = await api.signUp();
    // A second device, logged in separately.
    const otherDevice = await api.login(user.registration.email, user.registration.password);
    const sessionKeys = [
      ...(await redis.familyKeysOf(user.refreshToken)),
      ...(await redis.familyKeysOf(otherDevice.refreshToken!)),
    ];
    expect(sessionKeys).toHaveLength(6);

    const res = await deleteAccount(user.accessToken, { password: user.registration.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Your account and all its data have been deleted.' });
    expect(res.setCookie).toMatch(/^refreshtoken=;/);

    // The old access token, still within its 15 minutes, is refused.
    const stale = await api.infor(user.accessToken);
    expect(stale.status).toBe(401);
    expect(stale.body.msg).toBe('This account no longer exists. Please log in again.');
    expect((await api.getProfile(user.id, user.accessToken)).status).toBe(401);
    // Every device is logged out, and no session key is left in Redis.
    expect((await api.refresh(user.refreshToken)).status).toBe(401);
    expect((await api.refresh(otherDevice.refreshToken)).status).toBe(401);
    for (const key of sessionKeys) expect(await redis.exists(key)).toBe(0);
    expect(await redis.exists(`${redis.prefix}user:${user.id}:families`)).toBe(0);
    // Nothing personal is left in the store's files at once (the tombstone holds only the
    // id and the user.deleted event), and not even the id once that event is out.
    const storeFiles = () =>
      readdirSync(join(dataDir, 'auth')).map((file) => readFileSync(join(dataDir, 'auth', file), 'utf8'));
    for (const text of storeFiles()) expect(text).not.toContain(user.registration.email);
    await eventually(() => storeFiles().every((text) => !text.includes(user.id)), {
      what: 'the account tombstone purged after user.deleted was published',
    });
    expect((await api.login(user.registration.email, user.registration.password)).status).toBe(400);

    await eventually(() => {
      const deleted = published.filter((event) => event.type === 'user.deleted');
      expect(deleted.map((event) => event.payload)).toEqual([{ userId: user.id }, { userId: user.id }]);
    });

    const again = await api.signUp({ email: user.registration.email });
    expect(again.id).not.toBe(user.id);
    expect((await api.infor(again.accessToken)).body.email).toBe(user.registration.email);
  });

  it('when the account is exported, then one attachment holds the account, the full profile, trips, their history (a page at a time), wishlists and import drafts, gathered with the caller’s token', async () => {
    const user = await api.signUp();
    expect((await api.putProfile(user.id, { home_currency: 'JPY' }, user.accessToken)).status).toBe(200);
    const tripList = [{ _id: 'a'.repeat(24), location_address: 'Austin, TX, USA', instances: [{ stay_expense: 100 }] }];
    const lists = [{ _id: 'b'.repeat(24), list_name: 'Summer', trips: [] }];
    const payments = [
      {
        trip_id: 'a'.repeat(24),
        location_address: 'Austin, TX, USA',
        currency: 'USD',
        person_id: 'c'.repeat(24),
        payments: [{ _id: 'd'.repeat(24), from: 'c'.repeat(24), to: 'e'.repeat(24), amount: 20, currency: 'USD' }],
      },
    ];
    trips.answer = { status: 200, body: tripList };
    trips.byPath['/api/trips/payments'] = { status: 200, body: payments };
    // A history longer than one page of the API (100): it comes in two calls.
    const history = Array.from({ length: 150 }, (_, n) => ({ _id: `entry-${n}`, action: 'item', changes: [] }));
    trips.history = history;
    wishlists.answer = { status: 200, body: lists };
    const drafts = [{ _id: 'f'.repeat(24), reservations: [], problems: [], expires_at: '2027-01-02T00:00:00.000Z' }];
    imports.answer = { status: 200, body: drafts };
    trips.seen.length = 0;
    const res = await fetch(`${auth.url}/api/user/me/export`, { headers: { authorization: user.accessToken } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tripcost-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = await res.json();
    const { fname, lname, birthday, city, state, zip, email } = user.registration;
    expect(data).toEqual({
      format: 'tripcost-export/1',
      exportedAt: expect.any(String),
      account: { _id: user.id, email, createdAt: expect.any(String) },
      profile: { fname, lname, birthday, city, state, zip, country: 'US', home_currency: 'JPY' },
      trips: tripList,
      shared_with_me: [],
      votes: [],
      payments,
      history: [{ trip_id: 'a'.repeat(24), entries: history }],
      wishlists: lists,
      imports: drafts,
      notifications: { notifications: [], preferences: {} },
    });
    imports.answer = { status: 200, body: [] };
    expect(imports.seen.at(-1)).toBe(user.accessToken);
    expect(notifications.seen.at(-1)).toBe(user.accessToken);
    delete trips.byPath['/api/trips/payments'];
    trips.history = [];
    // The trips page, the payments and two pages of history, each with the caller's own token.
    expect(trips.seen).toEqual([user.accessToken, user.accessToken, user.accessToken, user.accessToken]);
    expect(wishlists.seen.at(-1)).toBe(user.accessToken);
  });

  it('when trips are shared with me and I voted, then the export holds mine whole, shared ones as references, and my votes', async () => {
    const user = await api.signUp();
    const [mine, theirs, windowId] = ['c'.repeat(24), 'd'.repeat(24), 'e'.repeat(24)];
    const own = {
      _id: mine,
      role: 'owner',
      location_address: 'Oslo',
      instances: [{ _id: windowId, votes: { mine: 'yes' } }],
    };
    const shared = {
      _id: theirs,
      role: 'viewer',
      owner_name: 'Ada',
      location_address: 'Porto, Portugal',
      costs_hidden: true,
      members: [{ user_id: 'f'.repeat(24), name: 'Ada', role: 'owner' }],
      instances: [
        { _id: windowId, votes: { mine: 'maybe' } },
        { _id: 'a'.repeat(24), votes: { mine: null } },
      ],
    };
    trips.answer = { status: 200, body: [own, shared] };
    wishlists.answer = { status: 200, body: [] };
    const data = await (
      await fetch(`${auth.url}/api/user/me/export`, { headers: { authorization: user.accessToken } })
    ).json();
    expect(data.trips).toEqual([own]);
    expect(data.shared_with_me).toEqual([
      { trip_id: theirs, location_address: 'Porto, Portugal', role: 'viewer', owner_name: 'Ada' },
    ]);
    expect(data.votes).toEqual([
      { trip_id: mine, instance_id: windowId, vote: 'yes' },
      { trip_id: theirs, instance_id: windowId, vote: 'maybe' },
    ]);
  });

  it('when a part of the export cannot be gathered, then 503 {msg}, never a partial export; without a token 401', async () => {
    const user = await api.signUp();
    trips.answer = { status: 200, body: [] };
    wishlists.answer = { status: 500, body: { msg: 'Something went wrong' } };
    const res = await api.call('GET', '/api/user/me/export', { token: user.accessToken });
    expect(res.status).toBe(503);
    expect(res.body.msg).toBe('Your data could not be gathered right now. Please try again in a minute.');
    expect((await api.call('GET', '/api/user/me/export')).status).toBe(401);
    expect((await api.call('DELETE', '/api/user/me', { body: { password: 'x' } })).status).toBe(401);
  });
});
