// Redis is a helper, not a dependency of the data path: with it down for 30 s under
// load, reading and writing trips and wishlists keeps working (events wait in the
// outboxes, rate limits and the revoked-users check fail open), while what truly
// lives in Redis, the refresh sessions, answers 503 with a clear {msg}. No request
// outlives its client timeout.
import { call, newTraveller } from './support/client';
import { failuresOf, startLoad, totalOf } from './support/load';
import { startProduct, waitFor, type Product } from './support/processes';

jest.setTimeout(300_000);

const OUTAGE_MS = 30_000;
const CLIENT_TIMEOUT_MS = 15_000;

describe('Redis down for 30 s under load', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(['auth', 'trips', 'wishlists', 'gateway']);
  });
  afterAll(() => product?.stop());

  it('when Redis is down, then trips and wishlists keep working, login and refresh answer 503 {msg}, nothing hangs', async () => {
    const api = product.gatewayUrl;
    const traveller = await newTraveller(api);
    const cookie = await refreshCookie(api, traveller.email, traveller.password);
    const load = await startLoad(api, { connections: 20, travellers: 2, timeoutMs: CLIENT_TIMEOUT_MS });
    const { outcomes } = load;
    await waitFor('traffic before the outage', async () => outcomes.length >= 100, 60_000);

    await product.redis.stop();
    const fromOutage = outcomes.length;
    const sessionReplies: { what: string; status: number; body: unknown }[] = [];
    const outageEnds = Date.now() + OUTAGE_MS;
    try {
      while (Date.now() < outageEnds) {
        const login = await call(api, 'POST', '/api/user/login', {
          body: { email: traveller.email, password: traveller.password },
          timeoutMs: CLIENT_TIMEOUT_MS,
        });
        sessionReplies.push({ what: 'login', ...login });
        const refreshed = await fetch(`${api}/api/user/refresh_token`, {
          headers: { cookie },
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        });
        sessionReplies.push({ what: 'refresh', status: refreshed.status, body: await refreshed.json() });
        // Pacing, not synchronisation: one pair of session calls every 2 s beside the load.
        await new Promise((resolvePace) => setTimeout(resolvePace, 2000));
      }
    } finally {
      await product.redis.start();
    }
    const duringOutage = outcomes.slice(fromOutage);
    await waitFor('traffic after the outage', async () => outcomes.length >= fromOutage + duringOutage.length + 100);
    await load.stop();

    const failures = failuresOf(outcomes);
    const failed = totalOf(failures);
    const hung = outcomes.filter((outcome) => outcome.timedOut).length;
    process.stdout.write(
      `redis-down: ${outcomes.length} requests (${duringOutage.length} during the ${OUTAGE_MS / 1000} s outage), ` +
        `${failed} failed, ${hung} outlived the ${CLIENT_TIMEOUT_MS / 1000} s client timeout; ` +
        `${sessionReplies.length} login/refresh calls answered ${[...new Set(sessionReplies.map((r) => r.status))].join('/')}\n`,
    );
    expect(duringOutage.length).toBeGreaterThan(100);
    expect(hung).toBe(0);
    expect(failures).toEqual({});
    expect(sessionReplies.length).toBeGreaterThan(0);
    for (const reply of sessionReplies) {
      expect(reply).toEqual({
        what: reply.what,
        status: 503,
        body: expect.objectContaining({ msg: 'Sessions are unavailable right now. Please try again shortly.' }),
      });
    }

    // Sessions come back with Redis.
    await waitFor('login to work again', async () => {
      const login = await call(api, 'POST', '/api/user/login', {
        body: { email: traveller.email, password: traveller.password },
      });
      return login.status === 200;
    });
  });
});

async function refreshCookie(api: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${api}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  const setCookie = res.headers.getSetCookie().find((value) => value.startsWith('refreshtoken='));
  if (!setCookie) throw new Error('login set no refresh cookie');
  return setCookie.split(';')[0];
}
