// How money and dates are shown (docs/product.md §9). Trip dates are calendar
// dates stored at UTC midnight, so every rendering uses the UTC calendar. What an
// amount, a total or a date *is* lives in @tripcost/shared/domain.
import { parseCalendarDate } from '@tripcost/shared/domain';

export function formatMoney(amount: number, decimals = 2): string {
  return `$${amount.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })}`;
}

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'Jan 5, 2025', or 'Not set' when missing. */
export function formatShortDate(value: string | null | undefined): string {
  const d = parseDate(value);
  if (!d) return 'Not set';
  return d.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
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
