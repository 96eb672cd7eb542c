// The ECB's daily reference rates through a Frankfurter-compatible API (keyless):
// `GET {base}/latest?base=EUR` → `{ amount, base, date, rates }`. Only the EUR answer is
// asked for — the ECB quotes every rate against the euro, and other bases are
// cross-computed by the domain (domain/fx.ts), so one call serves every base.
import { badAnswer, type RatesProvider } from '../domain/ports';
import { FX_BASE, FX_SERVICE, parseEurRates } from '../domain/fx';
import type { Upstream } from './upstream';

export function frankfurter(upstream: Upstream, settings: { baseUrl: string; timeoutMs: number }): RatesProvider {
  // The base URL may carry a path (https://api.frankfurter.dev/v1): append to it, never replace it.
  // `latest`, or a day ('YYYY-MM-DD': the rates of that day, or of the last day before it that has some).
  const ratesUrl = (day: string) => {
    const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/${day}`);
    url.searchParams.set('base', FX_BASE);
    return url;
  };
  const ask = async (day: string) => {
    const answer = await upstream.json({ service: FX_SERVICE, url: ratesUrl(day), timeoutMs: settings.timeoutMs });
    const rates = answer.status === 200 ? parseEurRates(answer.body) : undefined;
    if (!rates) throw badAnswer(FX_SERVICE);
    return rates;
  };
  return { source: 'ecb', latest: () => ask('latest'), on: (day) => ask(day) };
}
