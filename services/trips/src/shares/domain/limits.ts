// Members' private limits (issue 40): the most a member wants their own share of a window
// to be, in the trip's currency. Only they see it (my_limit in their own answer); a
// window "works for everyone" only when every limited member's share is within their
// limit, so the board can say "within everyone's limit" without showing anyone's. A
// limit is kept apart from the trip's content: never in a view, the history (its shape
// leaves it out), an export, a copy, the announced snapshot or a live event.
import { AppError, currencyDigits, forbidden, MAX_MONEY, roundMoney, toMinorUnits } from '@tripcost/shared';
import type { VoteTally } from '../../sharing';
import { roleOf, tripCurrency, type TripRecord } from '../../trip';
import { personOfUser, peopleOf, windowShareUnits } from './window-shares';

export const LIMIT_NOT_A_PERSON = 'Only a member who is one of the trip’s people has a share to limit.';
export const LIMIT_INVALID = `A limit must be an amount from 0 to ${MAX_MONEY.toLocaleString('en-US')} in the trip’s currency, or null for none.`;

/** The trip with the caller's limit set (a number in the trip's currency) or removed (null). */
export function applyLimit(trip: TripRecord, userId: string, max: number | null, now: string): TripRecord {
  if (roleOf(trip, userId) === null || !personOfUser(trip, userId)) throw forbidden(LIMIT_NOT_A_PERSON);
  if (max !== null && (!Number.isFinite(max) || max < 0 || max > MAX_MONEY)) {
    throw new AppError(400, LIMIT_INVALID, 'invalid_money');
  }
  const { [userId]: _old, ...others } = trip.limits ?? {};
  const limits = max === null ? others : { ...others, [userId]: roundMoney(max, currencyDigits(tripCurrency(trip))) };
  const { limits: _limits, ...rest } = trip;
  return { ...rest, ...(Object.keys(limits).length > 0 ? { limits } : {}), updated_at: now };
}

/** The caller's own limit: a number, null for none; undefined when they are not one of the trip's people. */
export function myLimitOf(trip: TripRecord, userId: string): number | null | undefined {
  if (!personOfUser(trip, userId)) return undefined;
  return trip.limits?.[userId] ?? null;
}

/**
 * Whether every limited member's share of the window is within their limit (true when
 * no one has one). Only members still on the trip and among its people count.
 */
export function withinLimits(trip: TripRecord, window: TripRecord['instances'][number]): boolean {
  const limits = Object.entries(trip.limits ?? {});
  if (limits.length === 0) return true;
  const people = peopleOf(trip);
  const units = windowShareUnits(trip, window);
  const digits = currencyDigits(tripCurrency(trip));
  return limits.every(([userId, max]) => {
    const index = people.findIndex((person) => person.user_id === userId);
    if (index === -1 || roleOf(trip, userId) === null) return true;
    return units[index] <= BigInt(toMinorUnits(max, digits));
  });
}

/**
 * The votes' tally with the limits: once someone set one, each window says whether it is
 * within everyone's limit (never whose, or how much), and it works for everyone only when
 * every member voted yes and it is.
 */
export function withLimits(tally: VoteTally): VoteTally {
  return (trip, instanceId, userId) => {
    const votes = tally(trip, instanceId, userId);
    const window = trip.instances.find((candidate) => candidate._id === instanceId);
    if (!trip.limits || !window) return votes;
    const within = withinLimits(trip, window);
    return { ...votes, works_for_everyone: votes.works_for_everyone && within, within_limits: within };
  };
}
