// @tripcost/shared/domain: the product's rules that more than one part needs —
// the money and date core (minor units, sums, rounding, shares, nights and days, the
// day length, a window's status and cost bases), US states and zips, countries, profile
// and wishlist-name rules. Pure and browser-safe (no Node imports, no dependencies; a lint
// rule keeps it so): the services use it through `@tripcost/shared`, the web app
// imports `@tripcost/shared/domain`.
export * from './money';
export * from './amount-text';
export * from './fx';
export * from './calendar-date';
export * from './cost-basis';
export * from './windows';
export * from './dated-rates';
export * from './us-places';
export * from './countries';
export * from './profile';
export * from './wishlist-name';
export * from './text-limits';
export * from './currencies';
export * from './trip-summary';
export * from './shares';
export * from './settling';
