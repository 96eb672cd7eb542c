// How money and dates are shown (docs/product.md §9). Trip dates are calendar
// dates stored at UTC midnight, so every rendering uses the UTC calendar. What an
// amount, a total or a date *is* lives in @tripcost/shared/domain.
import { DEFAULT_CURRENCY, currencyDigits, isCurrencyCode, parseCalendarDate } from '@tripcost/shared/domain';

// One formatter per currency and digits, made once: toLocaleString with options builds a
// new Intl formatter on every call (~0.1 ms each in Chromium), which added up to tens of
// milliseconds on the comparison board (bench/web-compare.mjs).
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** ISO 4217 minor-unit digits (shared core), 2 for anything that is not an active code. */
export const digitsOf = (currency: string): number => (isCurrencyCode(currency) ? currencyDigits(currency) : 2);

/**
 * Every amount shown anywhere, in its currency (docs/product.md §9): en-US currency style,
 * with the currency's ISO digits unless `digits` says otherwise (a chart axis: 0). USD
 * reads "$1,234.00", EUR "€1,234.00", JPY "¥1,234", KWD "KWD 1,234.500". The digits are
 * ISO's, not Intl's (which follows cash rounding: 0 for HUF and IQD).
 */
export function formatMoney(amount: number, currency: string, digits = digitsOf(currency)): string {
  const code = isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY;
  const key = `${code}:${digits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

/** "+€12.40", "−€3.10" (a true minus sign) or "€0.00": a change of an amount. */
export function signedMoney(amount: number, currency: string): string {
  if (amount > 0) return `+${formatMoney(amount, currency)}`;
  if (amount < 0) return `\u2212${formatMoney(-amount, currency)}`;
  return formatMoney(0, currency);
}

/** A UTC calendar date formatter (trip dates are stored at UTC midnight), made once. */
export function utcDateFormat(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' })).format(date);
}

const shortDate = utcDateFormat({ month: 'short', day: 'numeric', year: 'numeric' });

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'Jan 5, 2025', or 'Not set' when missing. */
export function formatShortDate(value: string | null | undefined): string {
  const d = parseDate(value);
  if (!d) return 'Not set';
  return shortDate(d);
}

/** 'MM/DD/YYYY', or 'Not set' when missing. */
export function formatSlashDate(value: string | null | undefined): string {
  const d = parseDate(value);
  if (!d) return 'Not set';
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

export function formatDateRange(
  start: string | null | undefined,
  end: string | null | undefined,
  format: (v: string | null | undefined) => string = formatShortDate,
): string {
  return `${format(start)} – ${format(end)}`;
}

/** ISO string → the 'YYYY-MM-DD' value a date input expects. */
export function toDateInput(value: string | null | undefined): string {
  const d = parseDate(value);
  return d ? d.toISOString().slice(0, 10) : '';
}

/** 'YYYY-MM-DD' from a date input → ISO string at UTC midnight, or null when empty. */
export function fromDateInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return parseCalendarDate(value);
}

export function todayDateInput(now = new Date()): string {
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${mm}-${dd}`;
}

export function titleCase(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}
