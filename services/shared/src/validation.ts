// Zod building blocks shared by the services' request schemas, and the one place a
// zod failure becomes a 400 with a readable first message. The rules themselves
// (what an amount or a date is) live in ./domain, which the web app uses too.
import { z } from 'zod';
import { checkTravelDate, EARLIEST_TRAVEL_DATE, LATEST_TRAVEL_DATE, parseMoney, travelDateMessage } from './domain';
import { AppError } from './errors';

const EARLIEST_TO_LATEST = `from ${EARLIEST_TRAVEL_DATE} to ${LATEST_TRAVEL_DATE}`;

export const OBJECT_ID_PATTERN = /^[a-f0-9]{24}$/i;

export const objectIdSchema = (label = 'id') =>
  z
    .string({ message: `The ${label} must be a string.` })
    .regex(OBJECT_ID_PATTERN, { message: `The ${label} is not a valid id.` });

/** Money: a finite number 0..1e9 rounded to cents; missing, null or '' mean 0. */
export const moneySchema = (label: string, digits?: number) =>
  z
    .union([z.number(), z.string(), z.null(), z.undefined()], {
      message: `${label} must be a number from 0 to 1,000,000,000.`,
    })
    .transform((value, ctx) => {
      const amount = parseMoney(value, digits);
      if (amount === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number from 0 to 1,000,000,000.` });
        return z.NEVER;
      }
      return amount;
    });
// Zod 4 treats an object key whose schema ends in a transform as required: use
// `moneySchema(…).default(0)` where a missing key means 0 (creates), and
// `.optional()` where it means "unchanged" (edits).

/** A travel date as ISO at UTC midnight (`iso`) or as YYYY-MM-DD; `dayOnly` refuses timestamps (query strings). */
function travelDate(label: string, form: 'iso' | 'day', dayOnly = false) {
  return (value: string, ctx: z.RefinementCtx<unknown>) => {
    const checked = checkTravelDate(value.trim(), dayOnly);
    if ('problem' in checked) {
      ctx.addIssue({ code: 'custom', message: travelDateMessage(label, checked.problem, dayOnly) });
      return z.NEVER;
    }
    return form === 'iso' ? checked.date : checked.date.slice(0, 10);
  };
}

/**
 * A travel date given as YYYY-MM-DD or an ISO timestamp (its written day), from
 * 1900-01-01 to 2199-12-31, normalised to UTC midnight and returned as an ISO string;
 * null and '' mean "not set".
 */
export const calendarDateSchema = (label: string) => {
  const toDate = travelDate(label, 'iso');
  return z
    .union([z.string(), z.null(), z.undefined()], { message: travelDateMessage(label, 'format') })
    .transform((value, ctx) =>
      value === undefined || value === null || value.trim() === '' ? null : toDate(value, ctx),
    )
    .describe(`YYYY-MM-DD (or an ISO timestamp: the day written before T), ${EARLIEST_TO_LATEST}; null or '' clear it`);
};
// As with money: `.default(null)` for creates, `.optional()` for edits.

/** A travel date in a body (YYYY-MM-DD or an ISO timestamp, in range), kept as YYYY-MM-DD. */
export const travelDaySchema = (label: string) =>
  z
    .string({ message: travelDateMessage(label, 'format') })
    .transform(travelDate(label, 'day'))
    .describe(`YYYY-MM-DD (or an ISO timestamp: the day written before T), ${EARLIEST_TO_LATEST}`);

/** A travel date in a query string: exactly YYYY-MM-DD, in range. */
export const queryDateSchema = (label: string) =>
  z
    .string({ message: travelDateMessage(label, 'format', true) })
    .transform(travelDate(label, 'day', true))
    .meta({ format: 'date' })
    .describe(`YYYY-MM-DD, ${EARLIEST_TO_LATEST}`);

/**
 * A whole number in a query string: decimal digits only, so `0x2`, `1e1`, `2.0`, ` 3`
 * and `-1` are refused rather than read by Number() as something the caller may not mean.
 */
export const queryIntegerSchema = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
    z.number({ message }).int({ message }).min(min, { message }).max(max, { message }),
  );

/**
 * The query string as a route's schema reads it (`names`: its declared parameters). The
 * kit's parser ('simple') gives a repeated name as an array and keeps `name[key]` as a
 * key of its own: either for a declared name is refused (400), since the caller meant a
 * list or an object where one value is expected. An empty value counts as absent
 * (`?email=` is no email). Every route's query goes through here (http/route.ts).
 */
export function strictQuery(query: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const read: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const bracket = key.indexOf('[');
    if (bracket > 0 && names.includes(key.slice(0, bracket))) {
      throw new AppError(400, `Give ${key.slice(0, bracket)} once, as a single value.`, 'validation_failed');
    }
    if (!names.includes(key)) continue;
    if (typeof value !== 'string') throw new AppError(400, `Give ${key} once, as a single value.`, 'validation_failed');
    if (value !== '') read[key] = value;
  }
  return read;
}

/** Parse or throw a 400 whose msg is the first problem found. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw zodToAppError(result.error, what);
}

export function zodToAppError(error: z.ZodError, what = 'request'): AppError {
  const first = error.issues[0];
  const details = error.issues.slice(0, 10).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const message = first ? humanMessage(first, what) : `Invalid ${what}.`;
  return new AppError(400, message, 'validation_failed', details);
}

function humanMessage(issue: z.core.$ZodIssue, what: string): string {
  // Messages we wrote ourselves are sentences; zod's defaults get the field named.
  if (/[.!]$/.test(issue.message)) return issue.message;
  const field = issue.path.length ? issue.path.join('.') : what;
  return `Invalid ${field}: ${issue.message}.`;
}
