// Who travels (issue 40): the trip's people as stored, and the payments between them.
// Members are people with a user_id; others have only a name. How a window's cost is
// split over them, their balances and the rules of each change are the shares
// capability's (shares/); here is only what the record holds.
import type { Presence } from '@tripcost/shared';

/** A frozen exchange rate without a first rate (a person's settle currency, a payment's). */
export interface FrozenRate {
  /** Units of the other currency per one unit of the trip's (settle) or trip units per one unit of it (payment). */
  rate: number;
  /** 'YYYY-MM-DD': the day the rate was published (entered, for a manual rate). */
  date: string;
  source: string;
}

export interface Person {
  /** 24-hex, given by the server. */
  _id: string;
  /** 1–60 characters. */
  name: string;
  /** A member's account id (24-hex string); absent for someone without an account (or whose account was deleted). */
  user_id?: string;
  /** ISO 4217: the currency their balance is also shown in; absent: the trip's. */
  settle_currency?: string;
  /** Trip currency → settle currency, frozen when settle_currency is set; refreshed only by re-pricing. */
  settle_fx?: FrozenRate | null;
}

/** One person paying another back (or ahead). */
export interface PaymentRecord {
  _id: string;
  /** Person ids. */
  from: string;
  to: string;
  /** In `currency`, rounded to its minor unit. */
  amount: number;
  currency: string;
  /** Trip-currency units per one `currency` unit, frozen when recorded; null in the trip's currency. */
  fx: FrozenRate | null;
  /** 'YYYY-MM-DD'. */
  paid_on: string;
  note: string;
  created_at: string;
}

/** Who is there when in a window, by person id; absent: everyone for all of it. */
export type WindowPresence = Record<string, Presence>;

/** The name a person keeps when their account is deleted. */
export const FORMER_MEMBER = 'A former member';
