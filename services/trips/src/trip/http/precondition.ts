// What a change request brings besides its body: If-Match, the caller's Authorization
// (for a change that needs today's exchange rates, asked of the integrations service),
// and, for a change made offline, when it was made on the device (Made-At). Here, in the
// base capability, so every change route reads them alike (windows, items, the trip,
// payments).
import { badRequest } from '@tripcost/shared';
import type { Request } from 'express';

/** What a change request brings besides its body (the write path's Precondition). */
export interface RequestPrecondition {
  ifMatch?: string;
  authorization?: string;
  /** When a change made offline was made on the device (UTC ISO): its history entry's made_at. */
  madeAt?: string;
}

/** The header an offline client sends with a change it kept: when the change was made (ISO 8601). */
export const MADE_AT_HEADER = 'made-at';
export const MADE_AT_MESSAGE =
  'Made-At must be when the change was made, as an ISO 8601 date and time with its offset (2031-05-01T10:00:00Z).';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** Nothing was made offline before TripCost kept offline changes: earlier is a device's broken clock. */
const EARLIEST_MADE_AT = Date.parse('2020-01-01T00:00:00Z');

/**
 * Made-At as the history stores it (UTC ISO); 400 {msg} when it is not a time. A time
 * later than the server's is kept as the server's when the entry is written (entries.ts):
 * a device's clock ahead never makes a change look made after it arrived. One before
 * 2020 (a clock reset to 1970) is not known: the change is kept, without a made_at,
 * rather than refused forever from the device's queue.
 */
export function madeAtOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  const time = value !== undefined && ISO_INSTANT.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(time)) throw badRequest(MADE_AT_MESSAGE, 'bad_made_at');
  return time < EARLIEST_MADE_AT ? undefined : new Date(time).toISOString();
}

/** If-Match, the caller's Authorization, and Made-At for a change made offline. */
export function preconditionOf(req: Request): RequestPrecondition {
  const ifMatch = req.headers['if-match'];
  const authorization = req.headers.authorization;
  const madeAt = madeAtOf(req.headers[MADE_AT_HEADER]);
  return {
    ...(ifMatch === undefined ? {} : { ifMatch }),
    ...(authorization === undefined ? {} : { authorization }),
    ...(madeAt === undefined ? {} : { madeAt }),
  };
}
