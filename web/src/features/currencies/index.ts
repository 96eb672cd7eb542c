// What other features may use from the currencies feature.
export { CurrencyPicker } from './CurrencyPicker';
export { TripCurrencySetting } from './CurrencyChange';
export { useGetCurrenciesQuery, type CurrencyInfo } from './api';
export { currencyOptions, isRated, optionLabel, POPULAR_CURRENCIES } from './options';
export { foreignItemLine, rateLine, rateSource, rateWhen, repriceWording, fxEffectWording } from './wording';
export { TripCurrencyProvider, useTripCurrency } from './tripCurrency';
