// Exchange rates through the gateway in front of the real integrations service, with a
// local fake of the Frankfurter API (docs/adr/0034-exchange-rates.md): public, cached
// (one upstream call for many requests), the bundled snapshot with no cache at all,
// and the last good rates, with their date, while the provider is down.
import { createRequestRedis, integrationsKeyPrefix, type Redis } from '@tripcost/shared';
import {
  silentLogger,
  startFakeUpstream,
  testRedisUrl,
  uniqueSuffix,
  type FakeUpstream,
} from '@tripcost/shared/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startProductInProcess, type Product } from './product';

jest.setTimeout(60_000);

const ECB_DAY = '2026-11-26';
/** The bundled snapshot, as services/integrations/data/fx-snapshot.json holds it. */
const BUNDLED: { date: string; rates: Record<string, number> } = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'services', 'integrations', 'data', 'fx-snapshot.json'), 'utf8'),
);
const BUNDLED_DAY = BUNDLED.date;

describe('exchange rates through the gateway', () => {
  let product: Product;
  let fake: FakeUpstream;
  let redis: Redis;
  let providerUp = false;
  const queuePrefix = `fx-gw-${uniqueSuffix()}`;
  const freshRatesKey = `${integrationsKeyPrefix(queuePrefix)}:cache:fx-rates:ecb|EUR`;

  beforeAll(async () => {
    fake = await startFakeUpstream((call) =>
      providerUp && call.path === '/latest'
        ? { json: { amount: 1, base: 'EUR', date: ECB_DAY, rates: { USD: 1.0842, GBP: 0.85, JPY: 161.25 } } }
        : { status: 503, body: 'down', contentType: 'text/plain' },
    );
    redis = createRequestRedis(testRedisUrl(), silentLogger());
    product = await startProductInProcess({
      services: ['integrations'],
      env: { integrations: { FX_API_URL: fake.url, QUEUE_PREFIX: queuePrefix } },
    });
  });

  afterAll(async () => {
    await product?.stop();
    await fake?.close();
    await redis?.quit();
  });

  const rates = (base: string) => product.call({ method: 'GET', path: `/api/fx/rates?base=${base}` });

  it('when nothing was ever fetched and the provider is down, then anyone gets the bundled snapshot, labelled with its date', async () => {
    const answer = await rates('EUR');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ base: 'EUR', source: 'bundled', date: BUNDLED_DAY, stale: true });
    expect(answer.body.rates.USD).toBe(BUNDLED.rates.USD);
    const currencies = await product.call({ method: 'GET', path: '/api/fx/currencies' });
    expect(currencies.status).toBe(200);
    expect(currencies.body.find((c: { code: string }) => c.code === 'JPY')).toMatchObject({ digits: 0, rated: true });
  });

  it('when the provider is up, then many requests for any base make one upstream call', async () => {
    providerUp = true;
    await redis.del(freshRatesKey); // the failure the last test left is remembered for 30 s
    const before = fake.count('/latest');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => rates(['EUR', 'USD', 'GBP'][i % 3]!)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    expect(answers[1]!.body).toMatchObject({ base: 'USD', source: 'ecb', date: ECB_DAY, stale: false });
    expect(answers[1]!.body.rates.EUR).toBe(0.922339);
    expect((await rates('JPY')).body.rates.USD).toBe(0.00672372);
    expect(fake.count('/latest') - before).toBe(1);
  });

  it('when the base is not a currency the source publishes, then 400 {msg}', async () => {
    for (const base of ['XYZ', 'euro', 'KES']) {
      const answer = await rates(base);
      expect({ base, status: answer.status }).toEqual({ base, status: 400 });
      expect(typeof answer.body.msg).toBe('string');
    }
  });

  it('when the provider goes down after a good answer, then the last good rates are served with their own date', async () => {
    providerUp = false;
    // The 12-hour cache has expired and the service restarted: only the kept last good answer remains.
    await redis.del(freshRatesKey);
    await product.restart('integrations');
    const answer = await rates('GBP');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ base: 'GBP', source: 'ecb', date: ECB_DAY, stale: true });
    expect(answer.body.rates.USD).toBe(1.27553); // 1.0842 / 0.85
  });
});
