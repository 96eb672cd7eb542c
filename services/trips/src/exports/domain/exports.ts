// Taking plans out of TripCost: the committed trips as an iCalendar file (RFC 5545,
// one all-day event per trip) and one trip's windows as a CSV table (RFC 4180) for
// spreadsheets. Pure functions of stored trips (the libraries write the formats), and
// the two use cases that answer them, asking sharing what the caller may see.
import { stringify } from 'csv-stringify/sync';
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import {
  type AuthUser,
  addDays,
  datesOutOfRange,
  EARLIEST_TRAVEL_DATE,
  fromMinorUnits,
  isOldRate,
  LATEST_TRAVEL_DATE,
  readableDate,
  shareOf,
  STATUS_LABELS,
  totalMinorUnits,
  utcDay,
} from '@tripcost/shared';
import { datesInvalid } from '../../costs';
import { costsHiddenFor, type TripAccess } from '../../sharing';
import {
  compareTrips,
  MAX_TRIPS_PER_PAGE,
  roleOf,
  tripCurrency,
  tripDigits,
  tripView,
  type InstanceRecord,
  type TripRecord,
  type TripStore,
} from '../../trip';

const PRODUCT_ID = '-//TripCost//Trips//EN';

/** An amount as a spreadsheet reads it: the currency's digits, no symbol (the Currency column names it). */
const money = (amount: number, digits: number) => amount.toFixed(digits);
/** An amount as a person reads it, in its currency ("$700.00", "€120.00", "¥12,000"). */
const formatted = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
const dateArray = (ms: number): DateArray => {
  const date = new Date(ms);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
};

/** Travellers on a trip once the trip records them; one person until then. */
export function travellersOf(trip: TripRecord): number {
  const travelers = (trip as TripRecord & { travelers?: unknown }).travelers;
  return typeof travelers === 'number' && Number.isInteger(travelers) && travelers >= 1 ? travelers : 1;
}

/** The trip's id is its event's UID, so re-importing updates the event instead of adding a copy. */
export const calendarUid = (tripId: string) => `trip-${tripId}@tripcost`;

/** Committed trips with both dates, as one all-day event each (DTEND is the day after the last day). */
/** `showsCosts` says per trip whether the reader may see its money (a viewer of hidden costs may not). */
export function tripsCalendar(trips: TripRecord[], showsCosts: (trip: TripRecord) => boolean = () => true): string {
  const events: EventAttributes[] = trips
    .filter(
      (trip) =>
        trip.committedInstanceId &&
        trip.trip_start &&
        trip.trip_end &&
        (readableDate(trip.trip_start) || readableDate(trip.trip_end)),
    )
    .sort(compareTrips)
    .map((trip) => {
      const [digits, currency] = [tripDigits(trip), tripCurrency(trip)];
      const cents = totalMinorUnits(trip, digits);
      const travellers = travellersOf(trip);
      const costs = showsCosts(trip);
      const lines = costs ? [`Total: ${formatted(fromMinorUnits(cents, digits), currency)}`] : [];
      // The share as the trip's page shows it (per_person): whole minor units divided, rounded once.
      if (costs && travellers > 1) {
        lines.push(`Per person (${travellers} travellers): ${formatted(shareOf(cents, travellers, digits), currency)}`);
      }
      // A plan stored with its end before its start, or a date out of range (older
      // data), is not rewritten: it shows on one day it has (its start, else its end),
      // saying its dates need fixing; every DTSTART and DTEND stays a date of 8 digits.
      const invalid = datesInvalid(trip);
      if (invalid) lines.unshift(datesProblem(trip));
      const firstDay = (readableDate(trip.trip_start) ?? readableDate(trip.trip_end))!;
      return {
        uid: calendarUid(trip._id),
        title: `Trip to ${trip.location_address}${invalid ? ' (dates need fixing)' : ''}`,
        location: trip.location_address,
        description: lines.join('\n'),
        start: dateArray(Date.parse(firstDay)),
        // An all-day event's DTEND is the day after its last day (iCalendar's end is exclusive).
        end: dateArray(Date.parse(addDays(invalid ? firstDay : trip.trip_end!, 1))),
        busyStatus: 'OOF',
        transp: 'OPAQUE',
      } satisfies EventAttributes;
    });
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, calName: 'TripCost trips' });
  if (error || !value) throw error ?? new Error('the calendar could not be written');
  return value;
}

/**
 * A spreadsheet reads a cell that starts with = + - @ tab or CR as a formula; a leading
 * apostrophe makes it text (OWASP "CSV injection"), and the value stays readable.
 */
export function neutraliseCell(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** Why a window's or plan's dates need fixing, as the CSV's Note and the calendar say it. */
function datesProblem(window: Pick<InstanceRecord, 'trip_start' | 'trip_end'>): string {
  return datesOutOfRange(window)
    ? `Dates need fixing: a date is not from ${EARLIEST_TRAVEL_DATE} to ${LATEST_TRAVEL_DATE}.`
    : 'Dates need fixing: the end date is before the start date.';
}
/** The comparison CSV's columns, in order (docs/product.md names the same header line). */
export const CSV_HEADER = [
  'Place',
  'Window',
  'Start',
  'End',
  'Nights',
  'Stay',
  'Travel',
  'Car',
  'Other',
  'Total',
  'Per night',
  'Per person',
  'Difference from cheapest',
  'Status',
  'Committed',
  'Note',
  'Currency',
  'Exchange rates',
] as const;

/**
 * Each item in another currency of the window with its frozen rate: "Hotel: 1 EUR = 1.0842
 * USD (ECB, 2026-11-20)", ", over 7 days old" after a rate older than a week on `today`.
 */
function exchangeRates(window: InstanceRecord, currency: string, today: string): string {
  return (window.items ?? [])
    .filter((item) => item.fx && item.currency)
    .map((item) => {
      const { rate, source, date } = item.fx!;
      const old = isOldRate(date, today) ? ', over 7 days old' : '';
      return `${item.name}: 1 ${item.currency} = ${rate} ${currency} (${source}, ${date}${old})`;
    })
    .join('; ');
}

/**
 * One row per window, by start date (undated last), money with the trip currency's
 * digits, its code in the Currency column and each foreign item's rate; CRLF line ends.
 * Nights, total, per night, per person, the difference from the cheapest and the status
 * are the trip answer's own figures (tripView), never computed again here.
 */
export function comparisonCsv(trip: TripRecord, today = utcDay(new Date())): string {
  const windows = [...trip.instances].sort(
    (a, b) =>
      (a.trip_start ?? '\uffff').localeCompare(b.trip_start ?? '\uffff') || a.created_at.localeCompare(b.created_at),
  );
  const [digits, currency] = [tripDigits(trip), tripCurrency(trip)];
  const view = tripView(trip);
  const figuresOf = new Map(view.instances.map((instance) => [instance._id, instance]));
  const amount = (value: number | null) => (value === null ? '' : money(value, digits));
  const rows = windows.map((window) => {
    const figures = figuresOf.get(window._id)!;
    // Blank for the cheapest itself and wherever the comparison has no difference (invalid dates, eliminated).
    const difference = window._id === view.comparison.cheapestInstanceId ? null : figures.delta_vs_cheapest;
    return [
      trip.location_address,
      figures.label,
      readableDate(window.trip_start)?.slice(0, 10) ?? '',
      readableDate(window.trip_end)?.slice(0, 10) ?? '',
      // Nights as the board computes them: empty when a date is missing or the end is before the start.
      figures.nights === null ? '' : String(figures.nights),
      money(window.stay_expense, digits),
      money(window.travel_expense, digits),
      money(window.car_expense, digits),
      money(window.other_expense, digits),
      money(figures.total_cost, digits),
      amount(figures.per_night),
      amount(figures.per_person),
      amount(difference),
      STATUS_LABELS[figures.status],
      window.isCommitted ? 'yes' : 'no',
      figures.dates_invalid ? datesProblem(window) : '',
      currency,
      exchangeRates(window, currency, today),
    ];
  });
  return csvTable([[...CSV_HEADER], ...rows]);
}

/** Rows as a CSV file every spreadsheet opens: RFC 4180 quoting, cells neutralised, CRLF, a BOM. */
export const csvTable = (rows: string[][]): string =>
  stringify(
    rows.map((row) => row.map(neutraliseCell)),
    { record_delimiter: 'windows', bom: true },
  );

/** A download name from the place: letters and digits only, so no header can be forged. */
export function csvFileName(trip: TripRecord, what = 'comparison'): string {
  const slug = trip.location_address
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // accents go, their letters stay
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${slug || 'trip'}-${what}.csv`;
}

/** The user's committed trips (own and shared) as an iCalendar file, money only where they may see it. */
export const calendar =
  (deps: { store: TripStore }) =>
  async (user: AuthUser): Promise<string> => {
    const trips: TripRecord[] = [];
    for (let offset = 0; ; offset += MAX_TRIPS_PER_PAGE) {
      const page = await deps.store.listByUser(user.id, { limit: MAX_TRIPS_PER_PAGE, offset });
      trips.push(...page);
      if (page.length < MAX_TRIPS_PER_PAGE) break;
    }
    return tripsCalendar(trips, (trip) => !costsHiddenFor(trip, roleOf(trip, user.id) ?? 'viewer'));
  };

/** One trip's windows as a CSV table, with a download file name (403 for a viewer of hidden costs). */
export const comparison =
  (deps: { access: Pick<TripAccess, 'tripWithCosts'> }) =>
  async (user: AuthUser, tripId: string): Promise<{ csv: string; fileName: string }> => {
    const trip = await deps.access.tripWithCosts(user.id, tripId);
    return { csv: comparisonCsv(trip), fileName: csvFileName(trip) };
  };
