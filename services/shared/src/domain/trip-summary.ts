// A trip as its card shows it (GET /api/trips/getaway-trip?view=summary): what the
// card lists and their filters read — place, photo, dates, cost, travellers, budget,
// whether a window is committed and what is still to pay on it, how many windows
// there are, the earliest of them and the cheapest (its dates and total: the comparison's
// pick), and whether a figure rests on a stale price — and nothing of the windows' items, deltas or notes (a card list of 200
// trips stays under 100 kB before compression). One rule for both sides: the trips service answers it, and
// the web app keeps its cached card list in step with a trip a save answered.
// The marks most cards share are left out when they have their usual value (not a
// favourite, no budget, no stale price, the caller's own trip with its costs): on 200
// cards they were 23 kB of the list (issue 30). A reader takes an absent mark as that value.

/** What a summary carries over from the trip as it is. */
interface CardFields<D> {
  _id: string;
  location_address: string;
  image_url: string;
  trip_start: D | null;
  trip_end: D | null;
  created_at: D;
  travelers: number;
  /** ISO 4217: the currency of every figure of the trip. */
  currency: string;
  total_cost: number;
  per_person: number;
}

type Role = 'owner' | 'editor' | 'viewer';

/** The trip fields a summary is made from (the trips service's trip answer). */
export interface SummarisedTrip<D> extends CardFields<D> {
  isFavorite: boolean;
  budget: number | null;
  /** The caller's role on the trip (a shared trip's card says whose it is). */
  role: Role;
  owner_name: string;
  committedInstanceId: string | null;
  comparison: { cheapest_is_stale: boolean; cheapestInstanceId: string | null };
  instances: ReadonlyArray<{
    _id: string;
    trip_start: D | null;
    trip_end: D | null;
    isCommitted: boolean;
    total_cost: number;
    to_pay: number;
    items?: readonly unknown[];
    freshness: { stale_items: number };
  }>;
}

export interface TripSummary<D = string> extends CardFields<D> {
  /** Absent: not a favourite. */
  isFavorite?: boolean;
  /** Absent: no budget. */
  budget?: number;
  /** A window is committed (also one only flagged isCommitted, from older data). */
  committed: boolean;
  /** How many date windows the trip has. */
  windows: number;
  /** The earliest start among the trip and its windows; null when none is dated. */
  earliest_start: D | null;
  /** The cheapest window's total (the comparison's: not eliminated, dates not to fix); null when there is none. */
  cheapest_total: number | null;
  /**
   * The cheapest window's first and last day (YYYY-MM-DD); absent without one, when it is
   * undated, or when a window is committed (the card then shows the plan).
   */
  cheapest_start?: string;
  cheapest_end?: string;
  /** Still to pay for the committed window's itemised costs; absent without a committed window with items. */
  to_pay?: number;
  /** The figure the card stands on (the committed window, else the cheapest) uses a price seen long ago; absent: it does not. */
  stale_prices?: boolean;
  /** The caller's role; absent: owner (their own trip). */
  role?: Exclude<Role, 'owner'>;
  /** Whose trip it is; only on a trip shared with the caller. */
  owner_name?: string;
  /** Made from a trip with its costs (a viewer of hidden costs gets the trips service's own shorter card); absent: false. */
  costs_hidden?: false;
}

/** The caller's role on a card's trip: an absent role is the owner's own trip. */
export const cardRole = (card: { role?: Role }): Role => card.role ?? 'owner';

/** A stored date as a calendar day (YYYY-MM-DD): shorter than a timestamp, so 200 cards stay under 100 kB. */
const dayOf = (value: unknown): string | null => {
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : '';
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
};

const timeOf = (value: unknown): number => {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? Infinity : time;
};

export function tripSummary<D>(trip: SummarisedTrip<D>): TripSummary<D> {
  const committed =
    trip.instances.find((window) => window._id === trip.committedInstanceId) ??
    trip.instances.find((window) => window.isCommitted);
  let earliest = trip.trip_start;
  for (const window of trip.instances) {
    if (timeOf(window.trip_start) < timeOf(earliest)) earliest = window.trip_start;
  }
  const cheapest = trip.instances.find((window) => window._id === trip.comparison.cheapestInstanceId);
  const cheapestStart = dayOf(cheapest?.trip_start);
  const cheapestEnd = dayOf(cheapest?.trip_end);
  return {
    _id: trip._id,
    location_address: trip.location_address,
    image_url: trip.image_url,
    ...(trip.isFavorite ? { isFavorite: true } : {}),
    trip_start: trip.trip_start,
    trip_end: trip.trip_end,
    created_at: trip.created_at,
    travelers: trip.travelers,
    ...(trip.budget !== null ? { budget: trip.budget } : {}),
    currency: trip.currency,
    total_cost: trip.total_cost,
    per_person: trip.per_person,
    committed: committed !== undefined,
    windows: trip.instances.length,
    earliest_start: timeOf(earliest) === Infinity ? null : earliest,
    cheapest_total: cheapest ? cheapest.total_cost : null,
    ...(!committed && cheapestStart && cheapestEnd ? { cheapest_start: cheapestStart, cheapest_end: cheapestEnd } : {}),
    ...(committed?.items?.length ? { to_pay: committed.to_pay } : {}),
    ...((committed ? committed.freshness.stale_items > 0 : trip.comparison.cheapest_is_stale)
      ? { stale_prices: true }
      : {}),
    ...(trip.role !== 'owner' ? { role: trip.role, owner_name: trip.owner_name } : {}),
  };
}

/**
 * What a trip's card shows as its figure (docs/product.md §4 "Trip cards", ADR 0063):
 * - `plan`: the committed window, or a trip priced on its own without windows: the trip's dates and total;
 * - `cheapest`: the cheapest window's dates and total, with how many windows there are;
 * - `empty`: no window yet, nothing wrong: the next step is to add one;
 * - `attention`: something needs the traveller: the plan or the cheapest window has no price
 *   (`unpriced`), or every window is eliminated or has dates to fix (`none_compared`).
 */
export type CardFigure =
  | { kind: 'plan'; total: number }
  | { kind: 'cheapest'; total: number; start: string | null; end: string | null; windows: number; stale: boolean }
  | { kind: 'empty' }
  | { kind: 'attention'; reason: 'unpriced' | 'none_compared' };

export function cardFigure(card: {
  total_cost: number;
  committed: boolean;
  windows: number;
  cheapest_total: number | null;
  cheapest_start?: string;
  cheapest_end?: string;
  stale_prices?: boolean;
}): CardFigure {
  if (card.committed || card.windows === 0) {
    if (card.total_cost > 0) return { kind: 'plan', total: card.total_cost };
    return card.committed ? { kind: 'attention', reason: 'unpriced' } : { kind: 'empty' };
  }
  if (card.cheapest_total === null) return { kind: 'attention', reason: 'none_compared' };
  if (card.cheapest_total <= 0) return { kind: 'attention', reason: 'unpriced' };
  return {
    kind: 'cheapest',
    total: card.cheapest_total,
    start: card.cheapest_start ?? null,
    end: card.cheapest_end ?? null,
    windows: card.windows,
    stale: card.stale_prices === true,
  };
}
