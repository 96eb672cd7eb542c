// How exchange rates are said on screen (docs/product.md, "Prices in any currency").
// Every amount goes through formatMoney in its own currency; the figures are the
// server's or the shared item-cost rule's, never worked out here.
import { isOldRate, utcDay } from '@tripcost/shared/domain';
import { formatMoney, signedMoney } from '../../lib/format';
import type { CostItem } from '../../lib/types';

/** What is said after a rate's day when it is more than a week old (the core's isOldRate). */
export const OLD_RATE = 'over 7 days old';

/**
 * "ECB, 2026-11-20" — who published a rate and on which day — with "· over 7 days old"
 * after a rate older than a week on `today` ('YYYY-MM-DD', the UTC calendar's day).
 */
export function rateWhen(fx: { source?: string | null; date?: string | null }, today = utcDay(new Date())): string {
  const when = [rateSource(fx.source), fx.date].filter(Boolean).join(', ');
  return isOldRate(fx.date, today) ? `${when} · ${OLD_RATE}` : when;
}

/** Who a frozen rate comes from: "ECB", "bundled rates" (the snapshot shipped offline), "your rate". */
export function rateSource(source: string | null | undefined): string {
  const lower = (source ?? '').toLowerCase();
  if (lower === 'manual') return 'your rate';
  if (lower === 'bundled') return 'bundled rates';
  return lower === '' ? 'rate' : lower.toUpperCase();
}

/**
 * A rate as read on screen: as published (1.0842, 161.25), a computed cross rate to 6
 * significant digits (0.787037, not 0.787037037037037), like the rates service's own
 * cross rates. The conversion itself uses the stored rate, exactly.
 */
export const formatRate = (rate: number): string => String(Number(rate.toPrecision(6)));

/**
 * "€120.00 → $130.10 at 1.0842 (ECB, 2026-11-20)": a foreign item's cost in its own
 * currency, what it comes to in the trip's, and the frozen rate with its source and day.
 */
export function foreignItemLine({
  ownCost,
  itemCurrency,
  cost,
  tripCurrency,
  fx,
  today,
}: {
  ownCost: number;
  itemCurrency: string;
  cost: number;
  tripCurrency: string;
  fx: Pick<NonNullable<CostItem['fx']>, 'rate'> & Partial<NonNullable<CostItem['fx']>>;
  today?: string;
}): string {
  return `${formatMoney(ownCost, itemCurrency)} → ${formatMoney(cost, tripCurrency)} at ${formatRate(fx.rate)} (${rateWhen(fx, today)})`;
}

/** "1 EUR = 0.86 GBP (ECB, 2026-11-20)": a rate from one currency to another, with its day and source. */
export function rateLine(
  from: string,
  to: string,
  fx: { rate: number; source?: string; date?: string },
  today?: string,
): string {
  return `1 ${from} = ${formatRate(fx.rate)} ${to} (${rateWhen(fx, today)})`;
}

/** "+€12.40 from exchange rates" (what rates moved a total by since its prices were set); null for none. */
export function fxEffectWording(amount: number | null | undefined, currency: string): string | null {
  if (!amount) return null;
  return `${signedMoney(amount, currency)} from exchange rates`;
}

/** "Exchange rates: +€12.40 → +€3.10": the exchange-rate effect before and after a re-price. */
export function repriceWording(before: number, after: number, currency: string): string {
  return `Exchange rates: ${signedMoney(before, currency)} → ${signedMoney(after, currency)}`;
}
