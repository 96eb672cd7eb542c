// The currencies a price can be in (GET /api/fx/currencies, public): every active ISO
// 4217 code with its name and digits, and whether the rates source publishes it.
import { api } from '../../lib/api';
import type { Answer } from '../../lib/types';

export type CurrencyInfo = Answer<'/api/fx/currencies', 'get'>[number];

export const currenciesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The list changes only when the rates source starts or stops publishing a currency:
    // asked once per session.
    getCurrencies: build.query<CurrencyInfo[], void>({
      query: () => '/fx/currencies',
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

export const { useGetCurrenciesQuery } = currenciesApi;
