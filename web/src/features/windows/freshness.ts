// How fresh a window's prices are, and where to check them again (the server's
// `freshness`, `search_links` and `comparison.cheapest_is_stale`): the price checks a
// window card, the Compare board, the Flex dates view and a cost item show.
import { calendarDay, daysBetween, utcDay } from '@tripcost/shared/domain';
import type { Instance, Trip } from '../../lib/types';

/** How fresh a window's prices are (server figures). */
export type Freshness = NonNullable<Instance['freshness']>;
/** A search on a well-known site for a window's dates (built by the server). */
export type SearchLink = NonNullable<Instance['search_links']>[number];

/** The trip's cheapest window rests on a price to re-check (the server's `comparison.cheapest_is_stale`). */
export const cheapestIsStale = (trip: Trip): boolean => trip.comparison?.cheapest_is_stale === true;

/** Today's UTC calendar day (the server's `captured_on` days are UTC). */
export const todayUtc = (now = new Date()) => utcDay(now);

const agoWords = (days: number) => (days <= 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`);

/**
 * "Prices from 3–21 days ago · 2 to re-check": the oldest day comes from the server's
 * `freshness`, the newest from the items' own `captured_on`. Null when no price of the
 * window has a day (plain amounts, items stored before prices had one).
 */
export function freshnessLine(window: Instance, today = todayUtc()): string | null {
  const freshness = window.freshness;
  const oldest = freshness?.oldest_captured_on;
  if (!oldest) return null;
  const days = (window.items ?? [])
    .map((item) => item.captured_on)
    .filter((day): day is string => typeof day === 'string' && day.length >= 10)
    .map(calendarDay)
    .sort();
  const newest = days.at(-1) ?? oldest;
  const oldestAgo = Math.max(0, daysBetween(oldest, today));
  const newestAgo = Math.max(0, Math.min(oldestAgo, daysBetween(newest, today)));
  const when =
    newestAgo === oldestAgo
      ? `Prices from ${agoWords(oldestAgo)}`
      : newestAgo === 0
        ? `Prices from today to ${agoWords(oldestAgo)}`
        : `Prices from ${newestAgo}–${agoWords(oldestAgo)}`;
  const stale = freshness?.stale_items ?? 0;
  return stale > 0 ? `${when} · ${stale} to re-check` : when;
}

export const SEARCH_KIND_LABELS: Record<SearchLink['kind'], string> = {
  flights: 'Flights',
  stays: 'Stays',
  cars: 'Cars',
};
