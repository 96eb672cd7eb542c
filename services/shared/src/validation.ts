// Zod building blocks shared by the services' request schemas, and the one place a
// zod failure becomes a 400 with a readable first message. The rules themselves
// (what an amount or a date is) live in ./domain, which the web app uses too.
import { z } from 'zod';
import { parseCalendarDate, parseMoney } from './domain';
import { AppError } from './errors';

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

/**
 * A calendar date given as YYYY-MM-DD or an ISO timestamp, normalised to UTC
 * midnight and returned as an ISO string; null and '' mean "not set".
 */
export const calendarDateSchema = (label: string) =>
  z
    .union([z.string(), z.null(), z.undefined()], { message: `${label} must be a date like 2025-01-05.` })
    .transform((value, ctx) => {
      if (value === undefined || value === null || value.trim() === '') return null;
      const date = parseCalendarDate(value.trim());
      if (!date) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date like 2025-01-05.` });
        return z.NEVER;
      }
      return date;
    });
// As with money: `.default(null)` for creates, `.optional()` for edits.

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
