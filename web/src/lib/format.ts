// How money and dates are shown (docs/product.md §9). Trip dates are calendar
// dates stored at UTC midnight, so every rendering uses the UTC calendar. What an
// amount, a total or a date *is* lives in @tripcost/shared/domain.
import { parseCalendarDate } from '@tripcost/shared/domain';

// One formatter per format, made once: toLocaleString with options builds a new
// Intl formatter on every call (~0.1 ms each in Chromium), which added up to tens of
// milliseconds on the comparison board (bench/web-compare.mjs).
const moneyFormats = new Map<number, Intl.NumberFormat>();

export function formatMoney(amount: number, decimals = 2): string {
  let format = moneyFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    moneyFormats.set(decimals, format);
  }
  return `$${format.format(amount)}`;
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
