// Where an invitation token may be (docs/privacy.md, docs/adr/0052): in the answer that
// creates it and nowhere else. The whole product runs in this process with every
// process's log captured at debug; an owner makes an invitation, a guest previews and
// accepts it, the owner tries their own link, the web page /join/<token> is visited, the
// create is replayed with its Idempotency-Key, and a gateway whose trips service is down
// retries and fails the link. Then every log line and every Redis key and value is
// searched for the token.
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { createLogger, type Logger } from '@tripcost/shared';
import { closedPortUrl, testRedisUrl } from '@tripcost/shared/testing';
import { startTestGateway } from '../../gateway/test/helpers';
import { startProductInProcess, type Product, type Traveller } from './support/product';

/** Every line each process writes, by process. */
const written = new Map<string, string[]>();
function capturingLogger(name: string): Logger {
  const lines: string[] = [];
  written.set(name, lines);
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return createLogger(name, 'debug', sink);
}

/** How each Redis type is read whole. */
const READERS: Record<string, (batch: ReturnType<Redis['pipeline']>, key: string) => unknown> = {
  string: (batch, key) => batch.get(key),
  hash: (batch, key) => batch.hgetall(key),
  list: (batch, key) => batch.lrange(key, 0, -1),
  set: (batch, key) => batch.smembers(key),
  zset: (batch, key) => batch.zrange(key, 0, -1, 'WITHSCORES'),
  stream: (batch, key) => batch.xrange(key, '-', '+'),
};

/** Every key of the Redis and its value, read by its type (a key gone meanwhile reads as nothing). */
async function everythingIn(redis: Redis): Promise<string[]> {
  const found: string[] = [];
  for await (const keys of redis.scanStream({ count: 1000 })) {
    const names = keys as string[];
    const types = await names.reduce((batch, key) => batch.type(key), redis.pipeline()).exec();
    const reads = redis.pipeline();
    names.forEach((key, i) => READERS[String(types?.[i]?.[1])]?.(reads, key) ?? reads.exists(key));
    const values = (await reads.exec()) ?? [];
    names.forEach((key, i) => found.push(key, JSON.stringify(values[i]?.[1] ?? null)));
  }
  return found;
}

// The whole product, a second gateway and a read of all of Redis: more than the 20 s of a unit test.
jest.setTimeout(60_000);

describe('an invitation token stays out of logs and Redis', () => {
  let product: Product;
  let owner: Traveller;
  let guest: Traveller;

  beforeAll(async () => {
    product = await startProductInProcess({ loggerFor: capturingLogger });
    owner = await product.registerAndLogin();
    guest = await product.registerAndLogin();
  });
  afterAll(() => product?.stop());

  it('when an invitation is made, used, visited and replayed, then only its first answer carries the token', async () => {
    const trip = await product.call({
      method: 'POST',
      path: '/api/trips/getaway-trip',
      token: owner.token,
      body: { location_address: 'Porto, Portugal' },
    });
    expect(trip.status).toBe(201);
    const createInvite = () =>
      fetch(`${product.url}/api/trips/getaway/${trip.body._id}/invites`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': 'application/json',
          'idempotency-key': 'share-with-guest',
        },
        body: JSON.stringify({ role: 'editor' }),
      });
    const created = await createInvite();
    expect(created.status).toBe(201);
    const invite = await created.json();
    const token: string = invite.token;
    expect(invite.url).toMatch(new RegExp(`/join/${token}$`));

    const link = `/api/trips/invites/${token}`;
    expect((await product.call({ method: 'GET', path: link, token: guest.token })).status).toBe(200);
    expect((await product.call({ method: 'POST', path: `${link}/accept`, token: guest.token })).body.joined).toBe(true);
    // Refusals are logged as warnings by the gateway and the service.
    expect((await product.call({ method: 'POST', path: `${link}/accept`, token: owner.token })).status).toBe(409);
    const page = await fetch(`${product.url}/join/${token}`);
    expect(page.status).toBe(200);
    await page.text();

    const replay = await createInvite();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const replayed = await replay.json();
    expect(replayed).toMatchObject({ _id: invite._id, token_shown: true });
    expect(JSON.stringify(replayed)).not.toContain(token);

    // A gateway whose trips service is down: its retries and the failure are logged too.
    const lonely = await startTestGateway(
      { TRIPS_URL: await closedPortUrl(), UPSTREAM_RETRY_WINDOW_MS: '300', WEB_DIST: '/nonexistent' },
      capturingLogger('gateway-without-trips'),
    );
    try {
      const down = await fetch(`${lonely.url}${link}`, { headers: { authorization: `Bearer ${guest.token}` } });
      expect(down.status).toBe(503);
      await down.text();
    } finally {
      await lonely.stop();
    }
    // Everything the run wrote has been written once every process has stopped.
    await product.stop();

    const logs = [...written.entries()].map(([name, lines]) => ({ name, text: lines.join('') }));
    const leaking = logs.filter(({ text }) => text.includes(token)).map(({ name }) => name);
    expect(leaking).toEqual([]);
    // The lines that name the link were written, redacted (so the search above saw them).
    const text = (name: string) => logs.find((log) => log.name === name)!.text;
    expect(text('gateway')).toContain('/api/trips/invites/<redacted>/accept');
    expect(text('gateway')).toContain('"/join/<redacted>"');
    expect(text('trips')).toContain('/api/trips/invites/<redacted>/accept');
    expect(text('gateway-without-trips')).toMatch(/retrying.*|upstream request failed/);
    expect(text('gateway-without-trips')).toContain('/api/trips/invites/<redacted>');

    const redis = new Redis(testRedisUrl());
    try {
      const stored = (await everythingIn(redis)).join('\n');
      expect(stored).toContain(invite._id); // the replay's record was read
      expect(stored).not.toContain(token);
    } finally {
      redis.disconnect();
    }
  });
});
