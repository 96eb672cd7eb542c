// A trip as its card shows it (GET /api/trips/getaway-trip?view=summary): what the
// card lists and their filters read — place, photo, dates, cost, travellers, budget,
// whether a window is committed and what is still to pay on it, how many windows
// there are, the earliest and cheapest of them, and whether a figure rests on a stale
// price — and nothing of the windows' items, deltas or notes (a card list of 200
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
  comparison: { cheapest_is_stale: boolean };
  instances: ReadonlyArray<{
    _id: string;
    trip_start: D | null;
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
  /** The cheapest window's total; null without windows. */
  cheapest_total: number | null;
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
  const totals = trip.instances.map((window) => window.total_cost);
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
    cheapest_total: totals.length > 0 ? Math.min(...totals) : null,
    ...(committed?.items?.length ? { to_pay: committed.to_pay } : {}),
    ...((committed ? committed.freshness.stale_items > 0 : trip.comparison.cheapest_is_stale)
      ? { stale_prices: true }
      : {}),
    ...(trip.role !== 'owner' ? { role: trip.role, owner_name: trip.owner_name } : {}),
  };
}
