// A local stand-in for the exchange-rate source (a Frankfurter-compatible API) for the
// browser suite: `GET /v1/latest?base=EUR` answers `{ amount: 1, base: 'EUR', date, rates }`
// like the real one, so nothing in a test reaches the internet and the rates are known.
// A test changes them with `PUT /control/rates { date, rates }`; that also drops the
// integrations service's cached answer (12 h in Redis, its production default, kept), so
// the next rates request reaches this server and the product sees the new rates.
import { createServer } from 'node:http';
import Redis from 'ioredis';

/** Units per 1 EUR on the first day: realistic, and round enough to check conversions by hand. */
export const FIRST_RATES = {
  date: '2026-11-20',
  rates: { AUD: 1.65, CAD: 1.5, CHF: 0.94, CNY: 7.7, GBP: 0.85, INR: 91.0, JPY: 161.0, MXN: 19.5, USD: 1.08 },
};

const readBody = (req) =>
  new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

/**
 * Starts the fake on a free port. `cachePattern` matches the integrations service's
 * cached rates in Redis (`<QUEUE_PREFIX>:integrations:cache:fx-rates:*`).
 */
export async function startFakeRates({ redisUrl, cachePattern }) {
  let current = structuredClone(FIRST_RATES);
  let calls = 0;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === 'GET' && url.pathname === '/v1/latest') {
        if ((url.searchParams.get('base') ?? 'EUR') !== 'EUR') return send(422, { message: 'only EUR here' });
        calls += 1;
        return send(200, { amount: 1, base: 'EUR', date: current.date, rates: current.rates });
      }
      // A past day (a payment's paid_on): the same rates, dated that day or the current day if earlier.
      const day = /^\/v1\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname)?.[1];
      if (req.method === 'GET' && day) {
        const date = day < current.date ? day : current.date;
        return send(200, { amount: 1, base: 'EUR', date, rates: current.rates });
      }
      if (url.pathname === '/control/rates' && req.method === 'GET') return send(200, { ...current, calls });
      if (url.pathname === '/control/rates' && req.method === 'PUT') {
        const next = JSON.parse(await readBody(req));
        if (typeof next.date !== 'string' || typeof next.rates !== 'object') return send(400, { msg: 'date, rates' });
        current = { date: next.date, rates: next.rates };
        const cached = await redis.keys(cachePattern);
        if (cached.length > 0) await redis.del(...cached);
        return send(200, { ...current, dropped: cached.length });
      }
      return send(404, { message: 'not found' });
    } catch (error) {
      return send(500, { msg: String(error) });
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    /** What FX_API_URL is set to. */
    apiUrl: `http://127.0.0.1:${port}/v1`,
    /** Where a test changes the rates (PUT) or reads them and the number of calls (GET). */
    controlUrl: `http://127.0.0.1:${port}/control/rates`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
    },
  };
}
