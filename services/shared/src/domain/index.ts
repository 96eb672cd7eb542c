// @tripcost/shared/domain: the product's rules that more than one part needs —
// money and totals, calendar dates, US states and zips, countries, profile and wishlist-name
// rules. Pure and browser-safe (no Node imports, no dependencies): the services
// use it through `@tripcost/shared`, the web app imports `@tripcost/shared/domain`.
export * from './money';
export * from './calendar-date';
export * from './us-places';
export * from './countries';
export * from './profile';
export * from './wishlist-name';
