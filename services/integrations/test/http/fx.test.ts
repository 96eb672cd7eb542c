// Exchange rates and the currency list (docs/adr/0034-exchange-rates.md): a local fake
// of the Frankfurter API stands in for the ECB feed; nothing here leaves the machine.
import {
  createRequestRedis,
  defineEndpoint,
  integrationsKeyPrefix,
  openApiMismatches,
  type Redis,
} from '@tripcost/shared';
import { silentLogger, testRedisUrl, uniqueSuffix } from '@tripcost/shared/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningIntegrations } from '../../src';
import {
  bootIntegrations,
  capturingLogger,
  CLOSED_URL,
  guardAgainstInternet,
  SLOWER_THAN_TIMEOUT_MS,
  startFakeUpstream,
  type FakeUpstream,
  type RecordedCall,
} from '../support';

guardAgainstInternet();

const ECB_DAY = '2026-11-26';
const ECB_RATES = { USD: 1.0842, GBP: 0.85, JPY: 161.25, KWD: 0.3331, CHF: 0.9412 };
/** The bundled snapshot (data/fx-snapshot.json), read as the service reads it. */
const BUNDLED: { date: string; rates: Record<string, number> } = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'data', 'fx-snapshot.json'), 'utf8'),
);
const BUNDLED_DAY = BUNDLED.date;

/** Frankfurter's `latest?base=EUR` under /v1, as the public API serves it. */
function frankfurterAnswers(call: RecordedCall) {
  if (call.path === '/v1/latest' && call.query.get('base') === 'EUR')
    return { json: { amount: 1.0, base: 'EUR', date: ECB_DAY, rates: ECB_RATES } };
  // A past day: a Saturday answers the Friday before it, as the ECB publishes on working days.
  if (call.path === '/v1/2026-11-21' && call.query.get('base') === 'EUR')
    return { json: { amount: 1.0, base: 'EUR', date: '2026-11-20', rates: { ...ECB_RATES, USD: 1.05 } } };
  return { status: 404, json: { message: 'not found' } };
}

/** What the trips service declares for its typed call (services/shared/src/http/service-client.ts). */
const FX_RATES_ENDPOINT = defineEndpoint({
  callee: 'integrations',
  method: 'get',
  path: '/api/fx/rates',
  query: ['base'],
  answer: { list: false, reads: ['base', 'date', 'source', 'rates'] },
});

describe('exchange rates', () => {
  let fake: FakeUpstream;
  let service: RunningIntegrations | undefined;
  let redis: Redis;
  let queuePrefix: string;

  const boot = async (env: Record<string, string> = {}, logger?: ReturnType<typeof capturingLogger>['logger']) => {
    service = await bootIntegrations({
      env: { FX_API_URL: `${fake.url}/v1`, QUEUE_PREFIX: queuePrefix, FX_TIMEOUT_MS: '1000', ...env },
      logger,
    });
    return service;
  };
  const get = async (path: string) => {
    const res = await fetch(`${service!.url}${path}`);
    return { status: res.status, body: await res.json() };
  };
  const cacheKey = (kind: string) => `${integrationsKeyPrefix(queuePrefix)}:cache:${kind}:ecb|EUR`;

  beforeAll(async () => {
    redis = createRequestRedis(testRedisUrl(), silentLogger());
    await redis.ping().catch(() => new Promise((resolve) => redis.once('ready', resolve)));
  });
  afterAll(() => redis.quit());

  beforeEach(async () => {
    // A fresh prefix per test: no test sees another's cached or last good rates.
    queuePrefix = `fx-${uniqueSuffix()}`;
    fake = await startFakeUpstream(frankfurterAnswers);
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    await fake.close();
  });

  it('when EUR is asked, then the ECB rates as published, dated, without a login', async () => {
    await boot();
    const { status, body } = await get('/api/fx/rates?base=EUR');
    expect(status).toBe(200);
    expect(body).toEqual({ base: 'EUR', date: ECB_DAY, source: 'ecb', stale: false, rates: ECB_RATES });
    expect(fake.calls.map((call) => call.url)).toEqual(['/v1/latest?base=EUR']);
  });

  it('when a past day is asked, then that day’s published rates, fetched once; from today on, today’s', async () => {
    await boot();
    const { status, body } = await get('/api/fx/rates?base=EUR&date=2026-11-21');
    expect(status).toBe(200);
    expect(body).toEqual({
      base: 'EUR',
      date: '2026-11-20',
      source: 'ecb',
      stale: false,
      rates: { ...ECB_RATES, USD: 1.05 },
    });
    expect((await get('/api/fx/rates?base=USD&date=2026-11-21')).body).toMatchObject({ date: '2026-11-20' });
    expect((await get('/api/fx/rates?base=EUR&date=2199-01-01')).body).toMatchObject({ date: ECB_DAY });
    expect(fake.calls.map((call) => call.url)).toEqual(['/v1/2026-11-21?base=EUR', '/v1/latest?base=EUR']);
    const bad = await get('/api/fx/rates?date=21/11/2026');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/date/);
  });

  it('when another base is asked, then its rates are cross-computed from the euro’s, to 6 significant digits', async () => {
    await boot();
    const { status, body } = await get('/api/fx/rates?base=usd');
    expect(status).toBe(200);
    expect(body.base).toBe('USD');
    expect(body.rates).toEqual({
      CHF: 0.868106, // 0.9412 / 1.0842
      EUR: 0.922339, // 1 / 1.0842
      GBP: 0.783988,
      JPY: 148.727,
      KWD: 0.307231,
    });
    expect(body.rates.USD).toBeUndefined();
    const jpy = await get('/api/fx/rates?base=JPY');
    expect(jpy.body.rates.USD).toBe(0.00672372);
    // One upstream call serves every base.
    expect(fake.count('/v1/latest')).toBe(1);
  });

  it('when many requests come, one after another and at once, then the provider is called once and cached 12 h', async () => {
    await boot();
    fake.handle((call) => ({ ...frankfurterAnswers(call), delayMs: 100 }));
    const bases = ['EUR', 'USD', 'GBP', 'JPY', 'KWD'];
    const together = await Promise.all(Array.from({ length: 50 }, (_, i) => get(`/api/fx/rates?base=${bases[i % 5]}`)));
    expect(together.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    for (let i = 0; i < 10; i++) expect((await get('/api/fx/rates?base=GBP')).status).toBe(200);
    expect((await get('/api/fx/currencies')).status).toBe(200);
    expect(fake.count('/v1/latest')).toBe(1);
    await service!.cacheSettled();
    const ttl = await redis.ttl(cacheKey('fx-rates'));
    expect(ttl).toBeGreaterThan(0.85 * 12 * 3600);
    expect(ttl).toBeLessThanOrEqual(12 * 3600);
    // The last good answer is kept without expiry.
    expect(await redis.ttl(cacheKey('fx-last-good'))).toBe(-1);
  });

  it('when the base is not an ISO 4217 code, or one the source does not publish, then 400 {msg}', async () => {
    await boot();
    for (const base of ['XYZ', 'EU', 'EURO', '1234', 'XXX']) {
      const { status, body } = await get(`/api/fx/rates?base=${base}`);
      expect({ base, status }).toEqual({ base, status: 400 });
      expect(body.msg).toBe('Please give the base currency as a 3-letter ISO 4217 code, e.g. EUR.');
    }
    const unrated = await get('/api/fx/rates?base=KES');
    expect(unrated.status).toBe(400);
    expect(unrated.body.msg).toBe(
      'The exchange-rate source publishes no rates for KES. Please enter a rate of your own.',
    );
  });

  it('when base is empty it is absent (EUR); given as an object or twice, then 400 {msg} and no upstream call', async () => {
    await boot();
    const empty = await get('/api/fx/rates?base=');
    expect(empty.status).toBe(200);
    expect(empty.body.base).toBe('EUR');
    const calls = fake.calls.length;
    for (const query of ['base[x]=1', 'base[]=EUR', 'base=EUR&base=USD']) {
      const { status, body } = await get(`/api/fx/rates?${query}`);
      expect({ query, status, msg: body.msg }).toEqual({
        query,
        status: 400,
        msg: 'Give base once, as a single value.',
      });
    }
    expect(fake.calls).toHaveLength(calls);
  });

  it('when the provider is down after a good answer, then the last good rates are served with their own date', async () => {
    await boot();
    expect((await get('/api/fx/rates?base=EUR')).body.stale).toBe(false);
    await service!.cacheSettled();
    await service!.stop();
    // Twelve hours later: the cached answer has expired, the provider is down, the process is new.
    await redis.del(cacheKey('fx-rates'));
    fake.handle(() => ({ status: 503, body: 'down', contentType: 'text/plain' }));
    const log = capturingLogger();
    await boot({}, log.logger);
    const { status, body } = await get('/api/fx/rates?base=USD');
    expect(status).toBe(200);
    expect(body).toMatchObject({ base: 'USD', date: ECB_DAY, source: 'ecb', stale: true });
    expect(body.rates.EUR).toBe(0.922339);
    expect(fake.count('/v1/latest')).toBeGreaterThan(1);
    // The switch to fallback rates is logged once, not on every request.
    await get('/api/fx/rates?base=GBP');
    const said = log.lines().filter((line) => String(line.msg).startsWith('fx: the rates source failed'));
    expect(said).toHaveLength(1);
  });

  it('when nothing was ever fetched and the provider is unreachable, then the bundled snapshot answers, labelled', async () => {
    await boot({ FX_API_URL: CLOSED_URL });
    const { status, body } = await get('/api/fx/rates?base=EUR');
    expect(status).toBe(200);
    expect(body).toMatchObject({ base: 'EUR', date: BUNDLED_DAY, source: 'bundled', stale: true });
    expect(Object.keys(body.rates)).toHaveLength(29);
    expect(body.rates.USD).toBe(BUNDLED.rates.USD);
    const gbp = await get('/api/fx/rates?base=GBP');
    expect(gbp.body).toMatchObject({ base: 'GBP', source: 'bundled', date: BUNDLED_DAY });
    expect(gbp.body.rates.EUR).toBe(Number((1 / BUNDLED.rates.GBP).toPrecision(6)));
  });

  it('when offline mode is set, then the provider is never called and the snapshot answers', async () => {
    await boot({ FX_OFFLINE: 'true' });
    const { body } = await get('/api/fx/rates?base=EUR');
    expect(body).toMatchObject({ source: 'bundled', date: BUNDLED_DAY, stale: true });
    expect(fake.calls).toEqual([]);
  });

  describe('with no snapshot and nothing kept', () => {
    const withoutFallback = { FX_BUNDLED_SNAPSHOT: 'false' };

    it('when the provider is unreachable, then 503 {msg}', async () => {
      await boot({ ...withoutFallback, FX_API_URL: CLOSED_URL });
      const { status, body } = await get('/api/fx/rates?base=EUR');
      expect(status).toBe(503);
      expect(body.msg).toBe('The exchange-rate service is not available right now.');
    });

    it('when the provider answers garbage (a date that is no day, a negative rate), then 502 {msg}', async () => {
      await boot(withoutFallback);
      fake.handle(() => ({ json: { base: 'EUR', date: 'yesterday', rates: { USD: -1 } } }));
      const garbage = await get('/api/fx/rates?base=EUR');
      expect(garbage.status).toBe(502);
      expect(garbage.body.msg).toMatch(/^The exchange-rate service sent an answer we could not use/);
    });

    it('when the provider is slow, then 504 {msg} after the FX timeout', async () => {
      await boot(withoutFallback);
      fake.handle((call) => ({ ...frankfurterAnswers(call), delayMs: SLOWER_THAN_TIMEOUT_MS }));
      const started = Date.now();
      const { status, body } = await get('/api/fx/rates?base=EUR');
      expect(status).toBe(504);
      expect(body.msg).toBe('The exchange-rate service did not answer in time. Please try again.');
      expect(Date.now() - started).toBeLessThan(SLOWER_THAN_TIMEOUT_MS / 2);
    });

    it('when the currencies are asked, then the list still answers, with nothing rated', async () => {
      await boot({ ...withoutFallback, FX_API_URL: CLOSED_URL });
      const { status, body } = await get('/api/fx/currencies');
      expect(status).toBe(200);
      expect(body.find((c: { code: string }) => c.code === 'USD')).toMatchObject({ digits: 2, rated: false });
    });
  });

  it('then the currency list has every active ISO 4217 currency with ISO’s digits, and which are rated', async () => {
    await boot();
    const { status, body } = await get('/api/fx/currencies');
    expect(status).toBe(200);
    const byCode = new Map(body.map((entry: { code: string }) => [entry.code, entry]));
    expect(body.length).toBeGreaterThan(150);
    expect(byCode.get('JPY')).toEqual({ code: 'JPY', name: 'Japanese Yen', symbol: '¥', digits: 0, rated: true });
    expect(byCode.get('USD')).toEqual({ code: 'USD', name: 'US Dollar', symbol: '$', digits: 2, rated: true });
    expect(byCode.get('KWD')).toEqual({ code: 'KWD', name: 'Kuwaiti Dinar', symbol: 'KWD', digits: 3, rated: true });
    expect(byCode.get('EUR')).toMatchObject({ digits: 2, rated: true });
    expect(byCode.get('KES')).toMatchObject({ digits: 2, rated: false });
    expect(byCode.get('CLF')).toMatchObject({ digits: 4, rated: false });
    expect(byCode.has('XXX')).toBe(false);
  });

  it('then the OpenAPI document describes both routes, as the trips service’s typed call reads them', async () => {
    await boot();
    const document = await (await fetch(`${service!.url}/openapi.json`)).json();
    expect(openApiMismatches(FX_RATES_ENDPOINT, document)).toEqual([]);
    const currencies = defineEndpoint({
      callee: 'integrations',
      method: 'get',
      path: '/api/fx/currencies',
      answer: { list: true, reads: ['code', 'name', 'symbol', 'digits', 'rated'] },
    });
    expect(openApiMismatches(currencies, document)).toEqual([]);
  });
});
