// The ECB's daily reference rates through a Frankfurter-compatible API (keyless):
// `GET {base}/latest?base=EUR` → `{ amount, base, date, rates }`. Only the EUR answer is
// asked for — the ECB quotes every rate against the euro, and other bases are
// cross-computed by the domain (domain/fx.ts), so one call serves every base.
import { badAnswer, type RatesProvider } from '../domain/ports';
import { FX_BASE, FX_SERVICE, parseEurRates } from '../domain/fx';
import type { Upstream } from './upstream';

export function frankfurter(upstream: Upstream, settings: { baseUrl: string; timeoutMs: number }): RatesProvider {
  // The base URL may carry a path (https://api.frankfurter.dev/v1): append to it, never replace it.
  const latestUrl = () => {
    const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/latest`);
    url.searchParams.set('base', FX_BASE);
    return url;
  };
  return {
    source: 'ecb',
    async latest() {
      const answer = await upstream.json({ service: FX_SERVICE, url: latestUrl(), timeoutMs: settings.timeoutMs });
      const rates = answer.status === 200 ? parseEurRates(answer.body) : undefined;
      if (!rates) throw badAnswer(FX_SERVICE);
      return rates;
    },
  };
}
