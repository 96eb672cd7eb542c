// Trip dates and birthdays are calendar days. They travel as YYYY-MM-DD or an ISO
// timestamp and are kept as the ISO string of that day at UTC midnight, so every
// rendering reads the UTC calendar and no time zone moves a day.

/** The ISO string at UTC midnight of a real calendar day, or null. */
export function parseCalendarDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(text);
  if (!match) return null;
  if (text.length > 10 && Number.isNaN(Date.parse(text))) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString();
}
