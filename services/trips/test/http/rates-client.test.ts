// The trips service's calls to the rates service: the declared endpoint is checked
// against the integrations service's OpenAPI document (path, query, answer fields read)
// and deployables.json; the client passes the caller's token, asks for the EUR base, keeps
// only usable rates, and turns every failure into a 503 (nothing is priced at 1).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openApiMismatches } from '@tripcost/shared';
import { closedPortUrl, silentLogger, startFakeUpstream, type FakeUpstream } from '@tripcost/shared/testing';
import { apiDocument as integrationsApi } from '@tripcost/integrations';
import { createRatesClient, FX_RATES, rateTableOf } from '../../src/currency/http/rates-client';

const deployables: { name: string; calls: string[] }[] = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../../deployables.json'), 'utf8'),
).deployables;

describe('the rates client against the integrations OpenAPI document', () => {
  it('when trips asks for GET /api/fx/rates, then integrations serves it with base, date, source and rates', () => {
    expect(openApiMismatches(FX_RATES, integrationsApi())).toEqual([]);
  });

  it('when trips calls integrations, then deployables.json says so', () => {
    expect(deployables.find((d) => d.name === 'trips')?.calls).toContain('integrations');
  });
});

describe('the rates client', () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(() => upstream.close());

  const client = (baseUrl: string) => createRatesClient({ baseUrl, timeoutMs: 2000, logger: silentLogger() });

  it('when the rates service answers, then the caller’s token is passed, EUR is the base and unusable rates are dropped', async () => {
    upstream.handle(() => ({
      json: { base: 'EUR', date: '2030-01-02', source: 'ECB', rates: { USD: 1.0842, GBP: 0, JPY: 'x', KWD: 0.33 } },
    }));
    const table = await client(upstream.url).latest('Bearer abc');
    expect(table).toEqual({ base: 'EUR', date: '2030-01-02', source: 'ECB', rates: { USD: 1.0842, KWD: 0.33 } });
    const call = upstream.calls.at(-1)!;
    expect([call.path, call.query.get('base'), call.headers.authorization]).toEqual([
      '/api/fx/rates',
      'EUR',
      'Bearer abc',
    ]);
  });

  it('when a day’s rates are asked, then the day goes with the EUR base and the day’s table comes back', async () => {
    upstream.handle(() => ({ json: { base: 'EUR', date: '2030-01-04', source: 'ecb', rates: { GBP: 0.86 } } }));
    const table = await client(upstream.url).on('2030-01-05', 'Bearer abc');
    expect(table).toEqual({ base: 'EUR', date: '2030-01-04', source: 'ecb', rates: { GBP: 0.86 } });
    const call = upstream.calls.at(-1)!;
    expect([call.query.get('base'), call.query.get('date')]).toEqual(['EUR', '2030-01-05']);
  });

  it.each([
    ['an error status', () => ({ status: 502, json: { msg: 'bad gateway' } })],
    ['a body that is no rate table', () => ({ json: { hello: 'world' } })],
  ])('when the rates service answers %s, then 503 with a readable msg', async (_name, answer) => {
    upstream.handle(answer);
    await expect(client(upstream.url).latest(undefined)).rejects.toMatchObject({
      status: 503,
      message: 'Exchange rates are unavailable right now, so nothing was saved. Please try again.',
    });
  });

  it('when the rates service cannot be reached, then 503', async () => {
    const offline = createRatesClient({ baseUrl: await closedPortUrl(), timeoutMs: 500, logger: silentLogger() });
    await expect(offline.latest(undefined)).rejects.toMatchObject({ status: 503 });
  }, 15_000);

  it('when an answer carries no source, then the table says unknown rather than inventing one', () => {
    expect(rateTableOf({ base: 'EUR', date: '2030-01-02T10:00:00Z', rates: {} })).toEqual({
      base: 'EUR',
      date: '2030-01-02',
      source: 'unknown',
      rates: {},
    });
    expect(rateTableOf(null)).toBeNull();
  });
});
