// The RatesSource over the integrations service's exchange rates, on the kit's service
// client, called with the caller's own token. Any failure — no answer, an error status, a
// body that is not a rate table — is a 503 for the change that needed the rates, so it
// saves nothing (never a silent rate of 1). The endpoint is checked against the
// integrations OpenAPI document once that service serves it (test/http/rates-client.test.ts).
import {
  createServiceClient,
  defineEndpoint,
  isFxRate,
  serviceUnavailable,
  type Logger,
  type RateTable,
} from '@tripcost/shared';
import { RATES_UNAVAILABLE, type RatesSource } from '../domain/trip-currency';

/**
 * The rates (today's, or a day's with `date`) against one base currency: EUR, the
 * reference rates' own base, so every pair is a cross rate.
 */
export const FX_RATES = defineEndpoint({
  callee: 'integrations',
  method: 'get',
  path: '/api/fx/rates',
  query: ['base', 'date'],
  answer: { list: false, reads: ['base', 'date', 'source', 'rates'] },
});

export const RATES_BASE = 'EUR';

export function createRatesClient(options: { baseUrl: string; timeoutMs: number; logger: Logger }): RatesSource {
  const client = createServiceClient({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
  const unavailable = () => serviceUnavailable(RATES_UNAVAILABLE, 'rates_unavailable');
  async function ratesTable(authorization: string | undefined, day?: string): Promise<RateTable> {
    let answer;
    try {
      answer = await client.get(FX_RATES, {
        authorization: authorization ?? '',
        params: {},
        query: day ? { base: RATES_BASE, date: day } : { base: RATES_BASE },
      });
    } catch (error) {
      options.logger.warn({ err: error }, 'the rates service did not answer');
      throw unavailable();
    }
    const table = rateTableOf(answer.body);
    if (answer.status !== 200 || !table) {
      options.logger.warn({ status: answer.status }, 'the rates service answered without rates');
      throw unavailable();
    }
    return table;
  }
  return {
    latest: (authorization) => ratesTable(authorization),
    on: (day, authorization) => ratesTable(authorization, day),
  };
}

/** The answer as a rate table, keeping only usable rates; null when it is not one. */
export function rateTableOf(body: unknown): RateTable | null {
  if (typeof body !== 'object' || body === null) return null;
  const { base, date, source, rates } = body as Record<string, unknown>;
  if (typeof base !== 'string' || typeof date !== 'string' || typeof rates !== 'object' || rates === null) return null;
  const usable = Object.fromEntries(Object.entries(rates).filter(([, rate]) => isFxRate(rate))) as Record<
    string,
    number
  >;
  return {
    base,
    date: date.slice(0, 10),
    source: typeof source === 'string' && source ? source : 'unknown',
    rates: usable,
  };
}
