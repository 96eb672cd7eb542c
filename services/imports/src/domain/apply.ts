// Putting a draft's reservations into a trip (issue 43): which window each belongs to,
// its category, whether the trip holds it already, and the cost item it becomes. The
// trips service stays the judge of roles, currencies and amounts: the items of one apply
// are added there as the caller in one batch, so they are one change of the trip and one
// history entry, undone as a whole.
import { createHash } from 'node:crypto';
import { AppError, badRequest, notFound, TEXT_LIMITS } from '@tripcost/shared';
import type { Draft } from './imports';
import { localDateOf, type Reservation, type ReservationKind } from './reservation';

export type CostCategory = 'stay' | 'travel' | 'car' | 'other';

const CATEGORY_OF: Record<ReservationKind, CostCategory> = {
  lodging: 'stay',
  flight: 'travel',
  train: 'travel',
  bus: 'travel',
  car: 'car',
  event: 'other',
  restaurant: 'other',
  other: 'other',
};
export const categoryOf = (kind: ReservationKind): CostCategory => CATEGORY_OF[kind];

/** What apply needs of a trip, as the caller may read it. */
export interface TripWindows {
  currency: string;
  committedInstanceId: string | null;
  instances: Array<{
    _id: string;
    trip_start: string | null;
    trip_end: string | null;
    items: Array<{ confirmation?: string; name?: string }>;
  }>;
}

export interface NewItem {
  category: CostCategory;
  name: string;
  amount: number;
  currency?: string;
  basis: 'total';
  booked: true;
  paid: boolean;
  confirmation: string;
  estimate: EstimateChoice;
}

/**
 * Whether an item replaces the amount typed for its category before it was itemised
 * (trips' `estimate`). An import's default is 'replace': a booking is the real price of
 * what was estimated, and kept on top it would be counted twice.
 */
export type EstimateChoice = 'replace' | 'keep';

/** The trips service as the caller: its refusals come back as AppErrors with the trips service's status and msg. */
export interface TripsPort {
  windowsOf(authorization: string, tripId: string): Promise<TripWindows>;
  addWindow(
    authorization: string,
    tripId: string,
    window: { start: string; end: string },
    key: string,
  ): Promise<string>;
  /** Adds every item in one change (one history entry); the new items' ids, in order. */
  addItems(
    authorization: string,
    tripId: string,
    items: Array<{ instanceId: string; item: NewItem }>,
    key: string,
  ): Promise<string[]>;
}

const day = (value: string | null) => (value ? value.slice(0, 10) : null);

/**
 * The window whose dates contain the reservation's local dates as the document writes
 * them; of several, the committed one, else the earliest; null when none does.
 */
export function proposedWindow(trip: TripWindows, reservation: Reservation): string | null {
  const first = localDateOf(reservation.start);
  const last = localDateOf(reservation.end || reservation.start);
  const fitting = trip.instances
    .filter((w) => day(w.trip_start) !== null && day(w.trip_end) !== null)
    .filter((w) => day(w.trip_start)! <= first && last <= day(w.trip_end)!)
    .sort((a, b) => day(a.trip_start)!.localeCompare(day(b.trip_start)!));
  return (fitting.find((w) => w._id === trip.committedInstanceId) ?? fitting[0])?._id ?? null;
}

/** Already in the trip: an item with the same confirmation code, and the same provider when both name one. */
export function isDuplicate(trip: TripWindows, reservation: Reservation): boolean {
  const code = reservation.confirmation?.trim().toUpperCase();
  if (!code) return false;
  const provider = reservation.provider.trim().toLowerCase();
  return trip.instances.some((w) =>
    w.items.some((item) => {
      if ((item.confirmation ?? '').trim().toUpperCase() !== code) return false;
      const named = (item.name ?? '').toLowerCase();
      // Items keep their provider in their name ("Fixture Stays · Hotel X"): a name naming another provider is another booking.
      return !provider || !named.includes('·') || named.includes(provider);
    }),
  );
}

/** `text` within `max` characters: whole, or shortened with an ellipsis the review shows. */
const within = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The cost item a reservation becomes: its price as a total, booked, paid when the document says so. */
export function itemOf(
  reservation: Reservation,
  category: CostCategory,
  estimate: EstimateChoice = 'replace',
): NewItem {
  // The name is ours (provider · name), so a long one is shortened where trips would refuse it.
  const name = within([reservation.provider, reservation.name].filter(Boolean).join(' · '), TEXT_LIMITS.itemName);
  // A code longer than trips keeps is not a booking code but text a pattern caught: cut, it would
  // be a wrong code, so it is left out (the draft still shows what the document said).
  const code = reservation.confirmation ?? '';
  return {
    category,
    name: name || category,
    amount: reservation.amount ?? 0,
    ...(reservation.currency ? { currency: reservation.currency } : {}),
    basis: 'total',
    booked: true,
    paid: reservation.paid === true,
    confirmation: code.length <= TEXT_LIMITS.itemConfirmation ? code : '',
    estimate,
  };
}

export interface PlanEntry {
  index: number;
  category: CostCategory;
  instanceId: string | null;
  duplicate: boolean;
}

export function planFor(trip: TripWindows, draft: Draft): PlanEntry[] {
  return draft.reservations.map((reservation, index) => ({
    index,
    category: categoryOf(reservation.kind),
    instanceId: proposedWindow(trip, reservation),
    duplicate: isDuplicate(trip, reservation),
  }));
}

export interface ApplyChoice {
  index: number;
  instanceId?: string;
  new_window?: { start: string; end: string };
  category?: CostCategory;
}

export interface ApplyOutcome {
  added: Array<{ index: number; instanceId: string; itemId: string }>;
  skipped: Array<{ index: number; msg: string }>;
}

/**
 * Adds the chosen reservations as cost items, in one batch of the trips service (one
 * change, one history entry); duplicates and reservations outside every window are
 * skipped and said. A window asked for is made first (its own change), with its own key.
 */
export async function applyDraft(
  trips: TripsPort,
  authorization: string,
  draft: Draft,
  tripId: string,
  choices: ApplyChoice[],
  estimate: EstimateChoice = 'replace',
): Promise<ApplyOutcome> {
  if (new Set(choices.map((c) => c.index)).size !== choices.length) throw badRequest('Name each reservation once.');
  for (const choice of choices)
    if (!draft.reservations[choice.index]) throw badRequest(`There is no reservation ${choice.index} in this import.`);
  const trip = await trips.windowsOf(authorization, tripId);
  const skipped: ApplyOutcome['skipped'] = [];
  const batch: Array<{ index: number; instanceId: string; item: NewItem }> = [];
  for (const choice of choices) {
    const reservation = draft.reservations[choice.index];
    if (isDuplicate(trip, reservation)) {
      skipped.push({ index: choice.index, msg: `Already in this trip (confirmation ${reservation.confirmation}).` });
      continue;
    }
    let instanceId = choice.instanceId ?? null;
    if (instanceId && !trip.instances.some((w) => w._id === instanceId))
      throw notFound(`The trip has no window ${instanceId}.`);
    if (!instanceId && choice.new_window) {
      // The same key on a retry of the same apply: the trips service answers a repeat with the first answer.
      const key = `import-${draft._id}-${choice.index}-window`;
      instanceId = await trips.addWindow(authorization, tripId, choice.new_window, key);
      trip.instances.push({
        _id: instanceId,
        trip_start: choice.new_window.start,
        trip_end: choice.new_window.end,
        items: [],
      });
    }
    instanceId ??= proposedWindow(trip, reservation);
    if (!instanceId) {
      skipped.push({
        index: choice.index,
        msg: 'Its dates are outside every window: choose one, or a new window for these dates.',
      });
      continue;
    }
    const item = itemOf(reservation, choice.category ?? categoryOf(reservation.kind), estimate);
    batch.push({ index: choice.index, instanceId, item });
    // What is about to be added counts for the next ones (the same booking twice in one apply).
    trip.instances.find((w) => w._id === instanceId)?.items.push({ confirmation: item.confirmation, name: item.name });
  }
  if (batch.length === 0) return { added: [], skipped };
  // One key per apply's content: a retry of the same apply is answered with the first answer, adding nothing twice.
  const digest = createHash('sha256')
    .update(
      JSON.stringify([estimate, ...batch.map(({ index, instanceId, item }) => [index, instanceId, item.category])]),
    )
    .digest('hex')
    .slice(0, 32);
  const itemIds = await trips.addItems(
    authorization,
    tripId,
    batch.map(({ instanceId, item }) => ({ instanceId, item })),
    `import-${draft._id}-${digest}`,
  );
  return {
    added: batch.map(({ index, instanceId }, i) => ({ index, instanceId, itemId: itemIds[i] })),
    skipped,
  };
}

export const tripsRefusal = (status: number, msg: string | undefined) =>
  new AppError(status, msg ?? 'The trips service refused the change.');
