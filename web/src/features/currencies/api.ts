// The currencies a price can be in (GET /api/fx/currencies, public): every active ISO
// 4217 code with its name and digits, and whether the rates source publishes it; and
// today's rates (GET /api/fx/rates, public), for the preview of a trip-currency change.
import { api } from '../../lib/api';
import type { Answer } from '../../lib/types';

export type CurrencyInfo = Answer<'/api/fx/currencies', 'get'>[number];
/** Today's rates as the rates service publishes them: units per one `base`, with their date and source. */
export type RatesAnswer = Answer<'/api/fx/rates', 'get'>;

export const currenciesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The list changes only when the rates source starts or stops publishing a currency:
    // asked once per session.
    getCurrencies: build.query<CurrencyInfo[], void>({
      query: () => '/fx/currencies',
      keepUnusedDataFor: 24 * 60 * 60,
    }),
    // Asked per EUR, as the trips service asks them, so a preview converts as the change will.
    getRates: build.query<RatesAnswer, void>({
      query: () => '/fx/rates?base=EUR',
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetCurrenciesQuery, useGetRatesQuery } = currenciesApi;
