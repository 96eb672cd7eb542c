// Exchange rates and the currency list (docs/adr/0034-exchange-rates.md). The ECB
// publishes reference rates relative to the euro once a working day; every other base
// is cross-computed from them, so one upstream answer (cached 12 h, concurrent misses
// coalesced) serves every base. The last good answer is kept without expiry; when the
// provider fails, the newer of it and the bundled snapshot is served with its own date
// (stale: true). Only with neither does the provider's failure (502/503/504) reach the caller.
import {
  AppError,
  badRequest,
  CURRENCY_CODES,
  currencyDigits,
  currencyName,
  currencySymbol,
  isCurrencyCode,
  parseCalendarDate,
  type Logger,
} from '@tripcost/shared';
import { z } from 'zod';
import { CACHE_KINDS, jsonCodec, type Cache } from './cache';
import { unavailable, type EurRates, type RatesProvider } from './ports';

/** The currency the ECB quotes every rate against. */
export const FX_BASE = 'EUR';
/** What the user is told failed. */
export const FX_SERVICE = 'exchange-rate service';
/** The source of the snapshot that ships with the product. */
export const BUNDLED_SOURCE = 'bundled';
/**
 * Cross rates keep 6 significant digits: one more than the ECB publishes (1.0842, 161.25),
 * so the rounding added (at most 5 in the 7th digit) stays below the precision of the
 * published inputs, and a rate reads as a rate ("at 0.922339"), not as a float dump.
 */
export const CROSS_RATE_SIGNIFICANT_DIGITS = 6;
/** Past days' rates kept in memory per process (a year of days). */
const DATED_KEPT = 366;

export interface SourcedEurRates extends EurRates {
  source: string;
}

export interface RatesAnswer {
  base: string;
  date: string;
  source: string;
  /** True when the provider failed and these are the last good or the bundled rates. */
  stale: boolean;
  rates: Record<string, number>;
}

export interface CurrencyEntry {
  code: string;
  name: string;
  symbol: string;
  digits: number;
  rated: boolean;
}

const eurRatesShape = z.object({
  base: z.literal(FX_BASE),
  date: z.string().refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && parseCalendarDate(day) !== null),
  rates: z.record(z.string(), z.number().finite().positive()),
});

/**
 * A provider's (or the snapshot's) EUR-based answer, or undefined when it is not one.
 * Codes that are not active ISO 4217 currencies are dropped; at least one must remain.
 */
export function parseEurRates(value: unknown): EurRates | undefined {
  const parsed = eurRatesShape.safeParse(value);
  if (!parsed.success) return undefined;
  const rates: Record<string, number> = {};
  for (const code of Object.keys(parsed.data.rates).sort())
    if (code !== FX_BASE && isCurrencyCode(code)) rates[code] = parsed.data.rates[code]!;
  return Object.keys(rates).length > 0 ? { date: parsed.data.date, rates } : undefined;
}

const roundRate = (rate: number) => Number(rate.toPrecision(CROSS_RATE_SIGNIFICANT_DIGITS));

/**
 * Units of each published currency per one unit of `base`. For EUR, the published
 * rates as they are; for another base, each rate divided by the base's, rounded to
 * 6 significant digits; undefined when the source does not publish `base`.
 */
export function crossRates(base: string, eur: EurRates): Record<string, number> | undefined {
  if (base === FX_BASE) return { ...eur.rates };
  const perEuro = eur.rates[base];
  if (perEuro === undefined) return undefined;
  const rates: Record<string, number> = {};
  for (const code of [FX_BASE, ...Object.keys(eur.rates)].sort())
    if (code !== base) rates[code] = roundRate((code === FX_BASE ? 1 : eur.rates[code]!) / perEuro);
  return rates;
}

const codec = jsonCodec<SourcedEurRates>();
const newer = (a: SourcedEurRates | undefined, b: SourcedEurRates | undefined) =>
  !a ? b : !b ? a : b.date > a.date ? b : a;

export function createFxService(deps: {
  /** Undefined: offline, never called; answers come from the last good or bundled rates. */
  provider: RatesProvider | undefined;
  cache: Cache;
  bundled: SourcedEurRates | undefined;
  logger: Logger;
}) {
  const { provider, cache, bundled, logger } = deps;
  const keyParts = [provider?.source ?? 'offline', FX_BASE];
  /** The last good answer this process saw: a fallback even while Redis is down too. */
  let lastSeen: SourcedEurRates | undefined;
  /** Said once when fallback rates start being served and once when the source is back, not per request. */
  let onFallback = false;

  const fallback = async (failure: AppError): Promise<SourcedEurRates & { stale: true }> => {
    const kept = newer(lastSeen, await cache.peek(CACHE_KINDS.fxLastGood, keyParts, codec));
    const chosen = newer(kept, bundled);
    if (!chosen) throw failure;
    if (!onFallback && provider)
      logger.warn(
        { source: chosen.source, date: chosen.date, status: failure.status },
        'fx: the rates source failed; serving the last good or bundled rates with their date',
      );
    onFallback = true;
    return { ...chosen, stale: true };
  };

  /** Today's EUR rates, from the cache or the provider; else the newest fallback. */
  const current = async (): Promise<SourcedEurRates & { stale: boolean }> => {
    if (!provider) return fallback(unavailable(FX_SERVICE));
    try {
      const fresh = await cache.getOrLoad(CACHE_KINDS.fxRates, keyParts, codec, async () => {
        const loaded: SourcedEurRates = { ...(await provider.latest()), source: provider.source };
        cache.put(CACHE_KINDS.fxLastGood, keyParts, codec, loaded);
        return loaded;
      });
      lastSeen = newer(lastSeen, fresh);
      if (onFallback) logger.info({ date: fresh.date }, 'fx: the rates source answers again');
      onFallback = false;
      return { ...fresh, stale: false };
    } catch (error) {
      if (error instanceof AppError && error.status >= 500) return fallback(error);
      throw error;
    }
  };

  // Names and symbols come from Intl once per process: ~170 formatters are not free.
  let listed: Omit<CurrencyEntry, 'rated'>[] | undefined;
  const currencyList = () =>
    (listed ??= CURRENCY_CODES.map((code) => ({
      code,
      name: currencyName(code),
      symbol: currencySymbol(code),
      digits: currencyDigits(code),
    })));

  /**
   * A past day's rates never change: kept in this process once fetched (at most
   * DATED_KEPT days). There is no fallback: a payment of that day needs that day's rates.
   */
  const dated = new Map<string, Promise<SourcedEurRates>>();
  const onDay = (day: string): Promise<SourcedEurRates> => {
    if (!provider) return Promise.reject(unavailable(FX_SERVICE));
    let kept = dated.get(day);
    if (!kept) {
      kept = provider.on(day).then((rates) => ({ ...rates, source: provider.source }));
      kept.catch(() => dated.delete(day));
      dated.set(day, kept);
      if (dated.size > DATED_KEPT) dated.delete(dated.keys().next().value!);
    }
    return kept;
  };

  const answerFor = (base: string, eur: SourcedEurRates & { stale: boolean }): RatesAnswer => {
    const rates = crossRates(base, eur);
    if (!rates)
      throw badRequest(
        `The exchange-rate source publishes no rates for ${base}. Please enter a rate of your own.`,
        'currency_not_rated',
      );
    return { base, date: eur.date, source: eur.source, stale: eur.stale, rates };
  };

  const rates = async (base: string): Promise<RatesAnswer> => answerFor(base, await current());

  return {
    rates,
    /** The rates of `day` (the last published on or before it); today's (with their fallbacks) from today on. */
    async ratesOn(base: string, day: string, today: string): Promise<RatesAnswer> {
      if (day >= today) return rates(base);
      return answerFor(base, { ...(await onDay(day)), stale: false });
    },

    /** Every active ISO 4217 currency; `rated` when the source (or its fallback) has a rate for it. */
    async currencies(): Promise<CurrencyEntry[]> {
      // The list is useful without rates: with none at all, nothing is rated.
      const eur = await current().catch((error: unknown) => {
        if (error instanceof AppError && error.status >= 500) return undefined;
        throw error;
      });
      const rated = new Set(eur ? [FX_BASE, ...Object.keys(eur.rates)] : []);
      return currencyList().map((entry) => ({ ...entry, rated: rated.has(entry.code) }));
    },
  };
}

export type FxService = ReturnType<typeof createFxService>;
