// What other features may use from the currencies feature.
export { CurrencyPicker } from './CurrencyPicker';
export { useGetCurrenciesQuery, type CurrencyInfo } from './api';
export { currencyOptions, isRated, optionLabel, POPULAR_CURRENCIES } from './options';
export { foreignItemLine, rateSource, repriceWording, fxEffectWording } from './wording';
export { TripCurrencyProvider, useTripCurrency } from './tripCurrency';
