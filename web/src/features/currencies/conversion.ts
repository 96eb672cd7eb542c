// What a change of the trip's currency converts, and at which rate (docs/adr/0064): the
// budget and each plain amount held in the old currency, at the rate from the old to the
// new one, and each cost item's rate before and after. Before the change the amounts
// after are worked out from today's rates by the core's own conversion (the server's:
// crossRate, convertMinorUnits); after it they, the rate of the plain amounts (the trip's
// currency_change) and the items' rates are the server's answer. The rates carry their
// day and source, and a rate over a week old says so (rateLine).
import {
  convertMinorUnits,
  crossRate,
  currencyDigits,
  EXPENSE_FIELDS,
  fromMinorUnits,
  toMinorUnits,
  type RateTable,
} from '@tripcost/shared/domain';
import { formatDateRange, formatMoney } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import { rateLine } from './wording';

export interface ConversionRow {
  /** "Budget", "May week · Stay", "May week · Hotel (€120.00)". */
  what: string;
  /** For an amount held in the trip's currency: "$1,000.00" → "€920.00". */
  amount?: { before: string; after: string };
  /** The rate it used before and uses after ("1 USD = 0.92 EUR (ECB, 2026-11-28)"), or what stands instead. */
  rate: { before: string; after: string };
}

const EXPENSE_NAMES: Record<(typeof EXPENSE_FIELDS)[number], string> = {
  stay_expense: 'Stay',
  travel_expense: 'Travel',
  car_expense: 'Car',
  other_expense: 'Other',
};

const windowName = (window: Instance) =>
  window.label || formatDateRange(window.trip_start, window.trip_end) || 'Undated window';

/** An amount converted as the server converts it: in minor units, at `rate`, rounded once. */
function converted(amount: number, rate: number, from: string, to: string): number {
  const [fromDigits, toDigits] = [currencyDigits(from), currencyDigits(to)];
  return fromMinorUnits(
    convertMinorUnits(BigInt(toMinorUnits(amount, fromDigits)), rate, fromDigits, toDigits),
    toDigits,
  );
}

interface Change {
  /** The trip before the change. */
  before: Trip;
  /** The new currency. */
  to: string;
  /** Today's rates (units per one EUR, as the trips service asks them); null while unknown. */
  table: RateTable | null;
  /** The trip as the server answered the change; absent before it is made. */
  after?: Trip;
  today?: string;
}

/** Every amount and rate a change of the trip's currency converts, in the trip's order. */
export function conversionRows({ before, to, table, after, today }: Change): ConversionRow[] {
  const from = before.currency;
  const rate = table ? crossRate(table, from, to) : null;
  const stored = after?.currency_change;
  const used =
    stored && stored.from === from && stored.to === to
      ? stored
      : rate === null
        ? null
        : { rate, date: table!.date, source: table!.source };
  const plainRate = { before: `none (in ${from})`, after: used ? rateLine(from, to, used, today) : 'today’s rate' };
  const amountRow = (what: string, amount: number, stored: number | null | undefined): ConversionRow => ({
    what,
    amount: {
      before: formatMoney(amount, from),
      after:
        stored !== undefined && stored !== null
          ? formatMoney(stored, to)
          : used
            ? formatMoney(converted(amount, used.rate, from, to), to)
            : '…',
    },
    rate: plainRate,
  });
  const rows: ConversionRow[] = [];
  if (before.budget !== null && before.budget !== undefined)
    rows.push(amountRow('Budget', before.budget, after ? (after.budget ?? null) : undefined));
  for (const window of before.instances) {
    const afterWindow = after?.instances.find((one) => one._id === window._id);
    if (window.items?.length) {
      for (const item of window.items) {
        const own = item.currency ?? from;
        const afterItem = afterWindow?.items?.find((one) => one._id === item._id);
        const published = table && own !== to ? crossRate(table, own, to) : null;
        const next = afterItem
          ? afterItem.fx
          : own === to || published === null
            ? null
            : { rate: published, date: table!.date, source: table!.source };
        rows.push({
          what: `${windowName(window)} · ${item.name} (${formatMoney(item.amount, own)})`,
          rate: {
            before: item.fx ? rateLine(own, from, item.fx, today) : `none (in ${from})`,
            after: next ? rateLine(own, to, next, today) : own === to ? `none (in ${to})` : 'today’s rate',
          },
        });
      }
      continue;
    }
    for (const field of EXPENSE_FIELDS) {
      const amount = Number(window[field] ?? 0);
      if (amount > 0)
        rows.push(
          amountRow(
            `${windowName(window)} · ${EXPENSE_NAMES[field]}`,
            amount,
            afterWindow ? afterWindow[field] : undefined,
          ),
        );
    }
  }
  return rows;
}
