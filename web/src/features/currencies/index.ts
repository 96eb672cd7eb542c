// What other features may use from the currencies feature.
import { lazy } from 'react';

/** The trip's currency setting with its conversion preview: a chunk of its own, not in the trip page's first load. */
export const TripCurrencySetting = lazy(() =>
  import('./CurrencyChange').then((module) => ({ default: module.TripCurrencySetting })),
);
export { CurrencyPicker } from './CurrencyPicker';
export { useGetCurrenciesQuery, type CurrencyInfo } from './api';
export { currencyOptions, isRated, optionLabel, POPULAR_CURRENCIES } from './options';
export {
  foreignItemLine,
  formatRate,
  rateLine,
  rateSource,
  rateWhen,
  repriceWording,
  fxEffectWording,
} from './wording';
export { TripCurrencyProvider, useTripCurrency } from './tripCurrency';
