// Money in any currency (issue 27, docs/adr/0035-money-in-any-currency.md): the rules
// that set an item's frozen rate, re-price items at today's rates and change a trip's
// currency, and which of them need today's rates (…NeedsRates). Pure functions like the
// windows' rules; the write path asks first — from the body and the stored trip it works
// out whether a change needs rates, fetches them only then and applies the change once —
// so an edit that needs no rate never depends on the rates service, and one that does
// fails whole (503) when it is down — never a silent rate of 1.
import {
  AppError,
  convertMinorUnits,
  crossRate,
  currencyDigits,
  EXPENSE_FIELDS,
  fromMinorUnits,
  isCurrencyCode,
  isFxRate,
  roundMoney,
  toMinorUnits,
  type FxRate,
  type RateTable,
} from '@tripcost/shared';
import type { CostItem } from '../../costs';
import { tripCurrency, type InstanceRecord, type PaymentRecord, type Person, type TripRecord } from '../../trip';

/** Where exchange rates come from (the integrations service); throws a 503 AppError when unavailable. */
export interface RatesSource {
  /** Today's published rates. */
  latest(authorization: string | undefined): Promise<RateTable>;
  /** The rates published on `day` ('YYYY-MM-DD'), or on the last day before it that has some. */
  on(day: string, authorization: string | undefined): Promise<RateTable>;
}

export const RATES_UNAVAILABLE = 'Exchange rates are unavailable right now, so nothing was saved. Please try again.';

/**
 * Thrown by a rule that needs today's rates when it was given none. The write path asks
 * first (…NeedsRates) and hands them over, so this only guards a rule from pricing at 1;
 * under a stale If-Match the rates are not fetched and the change answers 412.
 */
export class RatesNeeded extends Error {
  constructor() {
    super('exchange rates needed');
  }
}

/** A rate the traveller gives for an item instead of the rates service's. */
export interface ManualRate {
  rate: number;
}

export const UNKNOWN_CURRENCY = (code: string) => `${code} is not an ISO 4217 currency code.`;
export const UNRATED_CURRENCY = (from: string, to: string) =>
  `There is no published exchange rate from ${from} to ${to}: give the rate yourself (fx.rate).`;
export const RATE_SAME_CURRENCY = 'A rate applies only to an item in another currency than the trip’s.';
export const RATE_INVALID = 'The exchange rate must be a number above 0 and at most 1,000,000,000.';

export function checkCurrency(code: string): string {
  if (!isCurrencyCode(code)) throw new AppError(400, UNKNOWN_CURRENCY(code), 'unknown_currency');
  return code;
}

/** The fields that set an item's price: changing one (or its currency) freezes a new first_rate. */
const PRICE_FIELDS = ['amount', 'weekend_amount', 'seasons', 'quotes'] as const;

/** An item's amounts rounded to its currency's minor unit (an input is kept to 4 digits until its currency is known). */
export function roundItemAmounts(item: CostItem, digits: number): CostItem {
  const round = (amount: number) => roundMoney(amount, digits);
  return {
    ...item,
    amount: round(item.amount),
    ...(item.weekend_amount === null || item.weekend_amount === undefined
      ? {}
      : { weekend_amount: round(item.weekend_amount) }),
    ...(item.seasons ? { seasons: item.seasons.map((season) => ({ ...season, amount: round(season.amount) })) } : {}),
    ...(item.quotes ? { quotes: item.quotes.map((quote) => ({ ...quote, amount: round(quote.amount) })) } : {}),
  };
}

function withoutFx(item: CostItem, currency: string): CostItem {
  const { fx: _dropped, ...rest } = item;
  return { ...rest, currency };
}

/**
 * The item as it will be stored after a save: its currency checked and written, its
 * amounts rounded to that currency's digits, and its rate — none in the trip's currency;
 * the traveller's `manual` rate ('manual'); the rate it has when neither its currency nor
 * its price changed; else today's published rate (RatesNeeded without `rates`; 400 when
 * the currency pair is not published). first_rate is the new rate whenever the price or
 * currency was set, else it is kept. `manual` null asks for the published rate again.
 */
export function settleItemCurrency(
  merged: CostItem,
  previous: CostItem | null,
  manual: ManualRate | null | undefined,
  trip: Pick<TripRecord, 'currency'>,
  rates: RateTable | undefined,
  today: string,
): CostItem {
  const home = tripCurrency(trip);
  const currency = checkCurrency(merged.currency ?? home);
  const item = roundItemAmounts(merged, currencyDigits(currency));
  const { source, priceSet } = rateSourceOf(item, currency, home, previous, manual);
  if (source === 'none') {
    if (manual) throw new AppError(400, RATE_SAME_CURRENCY, 'rate_same_currency');
    return withoutFx(item, currency);
  }
  const firstRate = (rate: number) => (priceSet || !previous?.fx ? rate : previous.fx.first_rate);
  if (source === 'kept') return { ...item, currency, fx: previous!.fx };
  if (source === 'manual') {
    if (!isFxRate(manual!.rate)) throw new AppError(400, RATE_INVALID, 'invalid_rate');
    const fx: FxRate = { rate: manual!.rate, date: today, source: 'manual', first_rate: firstRate(manual!.rate) };
    return { ...item, currency, fx };
  }
  const published = publishedRate(rates, currency, home);
  return { ...item, currency, fx: { ...published, first_rate: firstRate(published.rate) } };
}

/**
 * Where an item's rate comes from after a save, decided once for settleItemCurrency and
 * itemNeedsRates: none in the trip's currency; the rate it has when neither its currency
 * nor its price changed and no other rate is asked for (or the same manual rate is sent
 * back, as a client echoing a whole item does); the traveller's manual rate; else today's
 * published one.
 */
function rateSourceOf(
  item: CostItem,
  currency: string,
  home: string,
  previous: CostItem | null,
  manual: ManualRate | null | undefined,
): { source: 'none' | 'kept' | 'manual' | 'published'; priceSet: boolean } {
  const previousCurrency = previous ? (previous.currency ?? home) : null;
  const priceSet =
    previous === null ||
    currency !== previousCurrency ||
    PRICE_FIELDS.some((field) => JSON.stringify(item[field] ?? null) !== JSON.stringify(previous[field] ?? null));
  if (currency === home) return { source: 'none', priceSet };
  const kept = !priceSet && !!previous?.fx && (manual === undefined || (!!manual && manual.rate === previous.fx.rate));
  if (kept) return { source: 'kept', priceSet };
  return { source: manual ? 'manual' : 'published', priceSet };
}

/**
 * Whether saving this item (merged with what was sent, `previous` as stored) needs today's
 * published rate: the same decision settleItemCurrency makes. An unknown currency needs
 * none (the save answers 400 without asking).
 */
export function itemNeedsRates(
  merged: CostItem,
  previous: CostItem | null,
  manual: ManualRate | null | undefined,
  trip: Pick<TripRecord, 'currency'>,
): boolean {
  const home = tripCurrency(trip);
  const currency = merged.currency ?? home;
  if (!isCurrencyCode(currency)) return false;
  const item = roundItemAmounts(merged, currencyDigits(currency));
  return rateSourceOf(item, currency, home, previous, manual).source === 'published';
}

/** Whether a change of the trip's currency to `currency` needs today's rates: a known currency other than its own. */
export const currencyChangeNeedsRates = (trip: Pick<TripRecord, 'currency'>, currency: string | undefined): boolean =>
  currency !== undefined && isCurrencyCode(currency) && currency !== tripCurrency(trip);

/**
 * Whether re-pricing the windows `instanceIds` names (all when null) needs today's rates:
 * one holds an item with a rate, or (the whole trip) a person has a settle currency's rate.
 */
export const repriceNeedsRates = (trip: TripRecord, instanceIds: readonly string[] | null): boolean =>
  trip.instances.some(
    (instance) => (!instanceIds || instanceIds.includes(instance._id)) && !!instance.items?.some((item) => item.fx),
  ) ||
  (!instanceIds && !!trip.people?.some((person) => person.settle_fx));

/**
 * The people's settle rates at today's rates (re-pricing the whole trip, or a new trip
 * currency): trip currency → each one's settle currency; none in the trip's own. The
 * same array when nothing moved, so re-pricing at unchanged rates changes nothing.
 */
export function repricedPeople(people: Person[] | undefined, home: string, rates: RateTable): Person[] | undefined {
  if (!people?.some((person) => person.settle_currency)) return people;
  let changed = false;
  const next = people.map((person) => {
    if (!person.settle_currency) return person;
    if (person.settle_currency === home) {
      if (!person.settle_fx) return person;
      changed = true;
      return { ...person, settle_fx: null };
    }
    const rate = crossRate(rates, home, person.settle_currency);
    if (rate === null || rate === person.settle_fx?.rate) return person;
    changed = true;
    return { ...person, settle_fx: { rate, date: rates.date, source: rates.source } };
  });
  return changed ? next : people;
}

/** Payments under a new trip currency: each one's rate to it (at the change's rates; none in its own). */
function rebasedPayments(
  payments: PaymentRecord[] | undefined,
  old: string,
  currency: string,
  rates: RateTable,
  conversion: { rate: number },
): PaymentRecord[] | undefined {
  return payments?.map((payment) => {
    if (payment.currency === currency) return { ...payment, fx: null };
    const published = crossRate(rates, payment.currency, currency);
    const carried = (payment.currency === old ? 1 : (payment.fx?.rate ?? 0)) * conversion.rate;
    const rate = published ?? carried;
    if (!isFxRate(rate)) throw new AppError(400, UNRATED_CURRENCY(payment.currency, currency), 'currency_unrated');
    return { ...payment, fx: { rate, date: rates.date, source: published === null ? 'manual' : rates.source } };
  });
}

/**
 * Today's published rate from `from` to `to` with its date and source (RatesNeeded without
 * a table; 400 when not published): an item's, a settle currency's and a payment's.
 */
export function publishedRate(rates: RateTable | undefined, from: string, to: string): Omit<FxRate, 'first_rate'> {
  if (!rates) throw new RatesNeeded();
  const rate = crossRate(rates, from, to);
  if (rate === null) throw new AppError(400, UNRATED_CURRENCY(from, to), 'currency_unrated');
  return { rate, date: rates.date, source: rates.source };
}

/**
 * Every item in another currency of the windows `instanceIds` names (all windows when
 * null) at today's published rate, manual rates included; first_rate stays (fx_effect
 * then shows what the rates moved). An item whose currency the table does not rate keeps
 * its rate. An item whose rate did not change is left exactly as it was, so re-pricing
 * at unchanged rates changes nothing (the very same trip: nothing is written).
 */
export function applyReprice(
  trip: TripRecord,
  instanceIds: readonly string[] | null,
  rates: RateTable | undefined,
  now: string,
): TripRecord {
  const home = tripCurrency(trip);
  let changed = false;
  const instances = trip.instances.map((instance) => {
    if (instanceIds && !instanceIds.includes(instance._id)) return instance;
    if (!instance.items?.some((item) => item.fx)) return instance;
    if (!rates) throw new RatesNeeded();
    let windowChanged = false;
    const items = instance.items.map((item) => {
      if (!item.fx || !item.currency) return item;
      const rate = crossRate(rates, item.currency, home);
      if (rate === null || rate === item.fx.rate) return item;
      windowChanged = true;
      return { ...item, fx: { ...item.fx, rate, date: rates.date, source: rates.source } };
    });
    if (!windowChanged) return instance;
    changed = true;
    return { ...instance, items };
  });
  const people = instanceIds || !rates ? trip.people : repricedPeople(trip.people, home, rates);
  if (people !== trip.people) changed = true;
  return changed ? { ...trip, instances, ...(people ? { people } : {}), updated_at: now } : trip;
}

/** An amount in one currency converted at `rate` to another, rounded once to its minor unit. */
function convertAmount(amount: number, rate: number, fromDigits: number, toDigits: number): number {
  return fromMinorUnits(
    convertMinorUnits(BigInt(toMinorUnits(amount, fromDigits)), rate, fromDigits, toDigits),
    toDigits,
  );
}

/**
 * The trip's currency becomes `currency`, at the rates of this moment: every amount the
 * trip holds in its old currency (the budget, its own and each plain window's four
 * expenses) is converted and rounded once; every item keeps its own amount and currency
 * and is re-priced: in the new trip currency it drops its rate, in any other it gets
 * today's rate to the new currency with first_rate the same (the old first_rate was in
 * the old currency). A manual rate in a currency the table does not rate is carried
 * through the old currency (its rate × old → new). The items' windows are derived again
 * by settleChange. Same currency: the very same trip.
 */
export function applyCurrencyChange(
  trip: TripRecord,
  currency: string,
  rates: RateTable | undefined,
  now: string,
): TripRecord {
  const old = tripCurrency(trip);
  checkCurrency(currency);
  if (currency === old) return trip;
  const conversion = publishedRate(rates, old, currency);
  const [fromDigits, toDigits] = [currencyDigits(old), currencyDigits(currency)];
  const convert = (amount: number) => convertAmount(amount, conversion.rate, fromDigits, toDigits);
  const convertExpenses = <W extends Pick<InstanceRecord, (typeof EXPENSE_FIELDS)[number]>>(window: W): W => ({
    ...window,
    ...Object.fromEntries(EXPENSE_FIELDS.map((field) => [field, convert(window[field])])),
  });
  const repriced = (item: CostItem): CostItem => {
    const own = item.currency ?? old;
    if (own === currency) return withoutFx(item, own);
    const rate =
      own === old
        ? conversion.rate
        : (crossRate(rates!, own, currency) ?? (item.fx ? item.fx.rate * conversion.rate : null));
    if (rate === null || !isFxRate(rate)) throw new AppError(400, UNRATED_CURRENCY(own, currency), 'currency_unrated');
    const published = own === old || crossRate(rates!, own, currency) !== null;
    const fx: FxRate = published
      ? { rate, date: conversion.date, source: conversion.source, first_rate: rate }
      : { rate, date: now.slice(0, 10), source: 'manual', first_rate: rate };
    return { ...item, currency: own, fx };
  };
  return {
    ...convertExpenses(trip),
    currency,
    currency_change: { from: old, to: currency, ...conversion },
    budget: trip.budget === null || trip.budget === undefined ? trip.budget : convert(trip.budget),
    instances: trip.instances.map((instance) =>
      instance.items?.length ? { ...instance, items: instance.items.map(repriced) } : convertExpenses(instance),
    ),
    ...(trip.people ? { people: repricedPeople(trip.people, currency, rates!) } : {}),
    ...(trip.payments ? { payments: rebasedPayments(trip.payments, old, currency, rates!, conversion) } : {}),
    updated_at: now,
  };
}

/** A trip's or window's four expenses rounded to the trip currency's minor unit (inputs are kept to 4 digits). */
export function roundExpenses<W extends Partial<Record<(typeof EXPENSE_FIELDS)[number], number>>>(
  window: W,
  digits: number,
): W {
  const rounded = { ...window };
  for (const field of EXPENSE_FIELDS) {
    const value = window[field];
    if (typeof value === 'number') (rounded as Record<string, number>)[field] = roundMoney(value, digits);
  }
  return rounded;
}
