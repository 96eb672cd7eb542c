import { createClient } from '../redis-probe';
import { clockPast, craftToken, testKeys, testQueuePrefix } from '@tripcost/shared/testing';
import { generateKeyPairSync } from 'node:crypto';
import type { RunningAuth } from '../../src/server';
import { bootAuth, client } from '../helpers';

describe('refresh sessions with the default 10 s grace window', () => {
  let auth: RunningAuth;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    auth = await bootAuth();
    api = client(auth.url);
  });
  afterAll(() => auth.stop());

  it('when the refresh cookie is valid, then a new access token and a rotated cookie come back', async () => {
    const { id, refreshToken } = await api.signUp();
    const refreshed = await api.refresh(refreshToken);
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body)).toEqual(['accesstoken']);
    expect(refreshed.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refreshed.refreshToken).not.toBe(refreshToken);
    expect((await api.infor(refreshed.body.accesstoken)).body._id).toBe(id);
    expect((await api.refresh(refreshed.refreshToken)).status).toBe(200);
  });

  it('when two tabs refresh with the same cookie at once, then both get an access token and only one rotates the cookie', async () => {
    const { refreshToken } = await api.signUp();
    const [first, second] = await Promise.all([api.refresh(refreshToken), api.refresh(refreshToken)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const rotated = [first, second].filter((res) => res.refreshToken);
    expect(rotated).toHaveLength(1);
    // The browser keeps the one new cookie, and it works.
    expect((await api.refresh(rotated[0].refreshToken)).status).toBe(200);
  });

  it('when there is no cookie, or an unknown or malformed one, then 401 {msg} and the cookie is cleared', async () => {
    for (const cookie of [undefined, '', 'garbage', 'A'.repeat(43)]) {
      const res = await api.refresh(cookie);
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('Your session has ended. Please log in again.');
      if (cookie) expect(res.setCookie).toMatch(/^refreshtoken=;.*Expires=Thu, 01 Jan 1970/);
    }
  });

  it('when the user logs out, then refreshing with that cookie is 401 and the cookie is cleared', async () => {
    const { refreshToken } = await api.signUp();
    const rotated = (await api.refresh(refreshToken)).refreshToken!;
    const logout = await api.logout(rotated);
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ msg: 'Logged out.' });
    expect(logout.setCookie).toMatch(/^refreshtoken=;.*Path=\/api\/user/);
    expect((await api.refresh(rotated)).status).toBe(401);
    // Logging out ends the whole session, including its older, rotated tokens.
    expect((await api.refresh(refreshToken)).status).toBe(401);
  });

  it('when logging out without a cookie or with a dead one, then still 200 {msg}', async () => {
    expect(await api.logout()).toMatchObject({ status: 200, body: { msg: 'Logged out.' } });
    expect((await api.logout('B'.repeat(43))).status).toBe(200);
  });

  it('when one device logs out, then another device’s session keeps working', async () => {
    const { registration, refreshToken: laptop } = await api.signUp();
    const phone = (await api.login(registration.email, registration.password)).refreshToken!;
    await api.logout(laptop);
    expect((await api.refresh(phone)).status).toBe(200);
  });

  it('when the access token is tampered, expired, alg none, signed by another key or missing, then /infor is 401', async () => {
    const { id, registration, accessToken } = await api.signUp();
    const tampered = accessToken.slice(0, -4) + (accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const expired = craftToken({ email: registration.email, role: 0 }, { subject: id, expiresIn: -10 });
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: id,
        email: registration.email,
        role: 1,
        iss: 'tripcost-auth',
        aud: 'tripcost',
        exp: Math.floor(Date.now() / 1000) + 60,
      }),
    ).toString('base64url');
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const foreign = craftToken({ email: registration.email }, { subject: id, expiresIn: 60, key: otherKey });
    const hsWithPublicKey = craftToken(
      { email: registration.email },
      { subject: id, expiresIn: 60, algorithm: 'HS256', key: testKeys().publicKey },
    );
    for (const token of [undefined, tampered, expired, `${noneHeader}.${payload}.`, foreign, hsWithPublicKey]) {
      const res = await api.infor(token);
      expect(res.status).toBe(401);
      expect(typeof res.body.msg).toBe('string');
    }
  });
});

describe('refresh sessions when a rotated token is replayed after the grace window', () => {
  const queuePrefix = testQueuePrefix();
  let auth: RunningAuth;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    auth = await bootAuth({ REFRESH_REUSE_GRACE_MS: '0', QUEUE_PREFIX: queuePrefix });
    api = client(auth.url);
  });
  afterAll(() => auth.stop());

  it('when a rotated token is presented again, then 401 and the family’s newest token is dead too', async () => {
    const { refreshToken: first } = await api.signUp();
    const second = (await api.refresh(first)).refreshToken!;
    const third = (await api.refresh(second)).refreshToken!;
    await clockPast(); // with a 0 ms grace window, a replay in the same millisecond still counts as grace
    const replay = await api.refresh(first);
    expect(replay.status).toBe(401);
    expect(replay.body.msg).toBe('Your session has ended. Please log in again.');
    expect((await api.refresh(third)).status).toBe(401);
    expect((await api.refresh(second)).status).toBe(401);
  });

  it('when the answer of a refresh was lost (its new token never used), then the old token refreshes once more; the lost one counts as reuse', async () => {
    const { refreshToken: first } = await api.signUp();
    const lost = (await api.refresh(first)).refreshToken!; // the network dropped this answer
    await clockPast();
    const again = await api.refresh(first);
    expect(again.status).toBe(200);
    expect(again.refreshToken).toBeDefined();
    expect(again.refreshToken).not.toBe(lost);
    const next = (await api.refresh(again.refreshToken!)).refreshToken!;
    await clockPast();
    // The retired token turning up later is a thief's or a copy's: the family ends.
    expect((await api.refresh(lost)).status).toBe(401);
    expect((await api.refresh(next)).status).toBe(401);
  });

  it('when a session is revoked for reuse, then nothing of it stays in Redis', async () => {
    const probe = createClient(queuePrefix);
    try {
      const { refreshToken } = await api.signUp();
      const familyKeysBefore = await probe.familyKeysOf(refreshToken);
      expect(familyKeysBefore.length).toBe(3);
      const successor = (await api.refresh(refreshToken)).refreshToken!;
      await api.refresh(successor); // the successor was used: a replay of the first is a reuse
      await clockPast(); // past the 0 ms grace window
      await api.refresh(refreshToken);
      for (const key of familyKeysBefore) expect(await probe.exists(key)).toBe(0);
    } finally {
      probe.quit();
    }
  });
});

describe('refresh sessions when Redis is unreachable', () => {
  let auth: RunningAuth;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    auth = await bootAuth({ REDIS_URL: 'redis://127.0.0.1:1' }, { redisWaitMs: 50 });
    api = client(auth.url);
  });
  afterAll(() => auth.stop());

  it('when a user registers, then it still works; login, refresh and logout answer 503 {msg}; /readyz names redis', async () => {
    const registration = (await import('../helpers')).newRegistration();
    expect((await api.register(registration)).status).toBe(201);
    const login = await api.login(registration.email, registration.password);
    expect(login.status).toBe(503);
    expect(login.body.msg).toBe('Sessions are unavailable right now. Please try again shortly.');
    expect(login.setCookie).toBeUndefined();
    const refresh = await api.refresh('C'.repeat(43));
    expect(refresh.status).toBe(503);
    expect(refresh.setCookie).toBeUndefined();
    const logout = await api.logout('C'.repeat(43));
    expect(logout.status).toBe(503);
    expect(logout.setCookie).toBeUndefined();
    const ready = await api.call('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.redis).not.toBe('ok');
  });
});
