// The calendar feed (issue 42, ADR 0079): each person's committed windows as all-day
// events in a private iCalendar feed their calendar app subscribes to. What it shows is
// kept here from trip.alert-state (the plan, its dates and figures, who may see what),
// so the feed is read from this service's own store, never by calling trips per request.
// Each trip's event keeps one UID; its SEQUENCE goes up whenever what it says changes, and
// a plan cleared or a trip deleted stays in the feed as a cancelled event, so calendar
// apps update or remove what they copied. The `ics` library writes the format.
import { createHash, randomBytes } from 'node:crypto';
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import { addDays, currencyDigits, isCurrencyCode, moneyText, notFound, type TripAlertState } from '@tripcost/shared';
import type { CalendarPlan, CalendarTrip, ChannelStore, Rendered } from './channels/channel-store';
import { windowPath } from './channels/messages';

export const FEED_NOT_FOUND = 'No such calendar feed.';
export const NO_FEED = 'No calendar feed is set up on this account.';
/** Pay-by reminders: this many days before the first day, as the "to pay" alert. */
export const PAY_BY_DAYS = 7;
const PRODUCT_ID = '-//TripCost//Calendar feed//EN';
/** A deleted trip's version: no later state of it can bring its event back. */
const DELETED = Number.MAX_SAFE_INTEGER;

export interface CalendarFeed {
  /** A trip's new alert state: its event as the feed will show it. */
  tripChanged(state: TripAlertState): Promise<void>;
  /** The trip is gone: its event is cancelled for everyone who had it. */
  tripDeleted(tripId: string): Promise<void>;
  /** Account deletion: the person leaves every trip's member list and access (their feed token goes with the channels). */
  forgetUser(userId: string): Promise<void>;
  /** Makes the user's feed, or a new link for it (the old one stops working). */
  renew(userId: string): Promise<{ token: string }>;
  revoke(userId: string): Promise<void>;
  /** Whether the user has a feed, and since when (its link is shown only when made). */
  status(userId: string): Promise<{ active: boolean; created_at: string | null }>;
  /** The feed behind a token; 404 for a token that names none. */
  feed(token: string): Promise<string>;
}

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A token as links carry it: 32 random bytes, base64url (43 characters). */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const planOf = (state: TripAlertState): CalendarPlan | null => {
  const committed = state.committed as (TripAlertState['committed'] & { to_pay?: number | null }) | null;
  if (!committed?.start || !committed.end) return null;
  return {
    instance_id: committed.instance_id,
    label: committed.label,
    start: committed.start,
    end: committed.end,
    total: committed.total,
    to_pay: typeof committed.to_pay === 'number' ? committed.to_pay : null,
  };
};

/** What the events say; a change of any of it is a new SEQUENCE. */
const contentOf = (trip: Pick<CalendarTrip, 'name' | 'currency' | 'access' | 'plan' | 'cancelled'>) =>
  JSON.stringify([trip.name, trip.currency, trip.access, trip.plan, trip.cancelled]);

const dateArray = (day: string): DateArray => {
  const [year, month, date] = day.split('-').map(Number);
  return [year, month, date];
};

/** Who reads a trip's events: a member who may see costs, one who may not, or a former member. */
type Reader = keyof Rendered;
const READERS: Reader[] = ['full', 'limited', 'former'];
const readerOf = (access: string | undefined): Reader =>
  access === undefined ? 'former' : access === 'full' ? 'full' : 'limited';

/** What a reader's feed shows of one trip: its plan, and the pay-by reminder for who may see costs. */
function eventsFor(reader: Reader, trip: CalendarTrip, base: string): EventAttributes[] {
  const plan = trip.plan;
  if (!plan) return [];
  // A former member's copy is cancelled: they may no longer see the trip.
  const cancelled = trip.cancelled || reader === 'former';
  const costs = reader === 'full' && !cancelled;
  const money = (units: number) =>
    moneyText(units, isCurrencyCode(trip.currency) ? currencyDigits(trip.currency) : 2, trip.currency);
  const link = `${base}${windowPath(trip._id, plan.instance_id)}`;
  const lines = [`${plan.label}, ${plan.start} → ${plan.end}`];
  if (costs) lines.push(`Total: ${money(plan.total)}`);
  lines.push(`Open in TripCost: ${link}`);
  const events: EventAttributes[] = [
    {
      uid: `plan-${trip._id}@tripcost`,
      sequence: trip.sequence,
      status: cancelled ? 'CANCELLED' : 'CONFIRMED',
      title: `Trip to ${trip.name}`,
      description: lines.join('\n'),
      url: link,
      start: dateArray(plan.start),
      // An all-day event's DTEND is the day after its last day (iCalendar's end is exclusive).
      end: dateArray(addDays(plan.end, 1)),
      busyStatus: 'OOF',
      transp: 'OPAQUE',
    },
  ];
  // Pay-by reminders only to those who may see costs: the amount is the reminder.
  if (reader === 'full' && plan.to_pay !== null) {
    const payBy = addDays(plan.start, -PAY_BY_DAYS);
    events.push({
      uid: `pay-${trip._id}@tripcost`,
      sequence: trip.sequence,
      status: cancelled || plan.to_pay <= 0 ? 'CANCELLED' : 'CONFIRMED',
      title: `Pay what is left for ${trip.name}`,
      description: `Still to pay: ${money(Math.max(0, plan.to_pay))}\nOpen in TripCost: ${link}`,
      url: link,
      start: dateArray(payBy),
      end: dateArray(addDays(payBy, 1)),
      transp: 'TRANSPARENT',
    });
  }
  return events;
}

/**
 * The trip's events as each kind of reader gets them, written when the trip changes: the
 * `ics` library checks every event it writes (about 0.4 ms each), so a feed of 200 trips
 * written per fetch cost 250 ms of CPU; joined from these it costs a store read.
 */
function rendered(trip: CalendarTrip, base: string): Rendered {
  const texts = {} as Rendered;
  for (const reader of READERS) {
    const events = eventsFor(reader, trip, base);
    if (events.length === 0) {
      texts[reader] = '';
      continue;
    }
    const { error, value } = createEvents(events, { productId: PRODUCT_ID });
    if (error || !value) throw error ?? new Error('the calendar events could not be written');
    texts[reader] = value.slice(value.indexOf('BEGIN:VEVENT'), value.lastIndexOf('END:VCALENDAR'));
  }
  return texts;
}

/** The feed's opening lines (no events): the calendar's name and method. */
function feedHead(): string {
  const { error, value } = createEvents([], { productId: PRODUCT_ID, method: 'PUBLISH', calName: 'TripCost' });
  if (error || !value) throw error ?? new Error('the calendar feed could not be written');
  return value.slice(0, value.lastIndexOf('END:VCALENDAR'));
}

export function createCalendarFeed(deps: { store: ChannelStore; publicUrl: string; now?: () => Date }): CalendarFeed {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const base = deps.publicUrl.replace(/\/+$/, '');
  const head = feedHead();

  return {
    async tripChanged(state) {
      const stored = await store.calendarTrip(state._id);
      if (stored && stored.version >= state.version) return;
      const plan = planOf(state);
      const members = [...new Set([...(stored?.members ?? []), ...Object.keys(state.access)])];
      // A cleared plan stays as the last one, cancelled; a new plan replaces it.
      const next = {
        name: state.name,
        currency: state.currency,
        access: state.access,
        plan: plan ?? stored?.plan ?? null,
        cancelled: plan === null,
      };
      const changed = !stored || contentOf(stored) !== contentOf(next);
      const trip: CalendarTrip = {
        _id: state._id,
        version: state.version,
        members,
        ...next,
        sequence: (stored?.sequence ?? 0) + (stored && changed ? 1 : 0),
        updated_at: now().toISOString(),
      };
      await store.saveCalendarTrip({ ...trip, rendered: rendered(trip, base) });
    },

    async forgetUser(userId) {
      for (const trip of await store.calendarTripsOf(userId)) {
        const { [userId]: _theirs, ...access } = trip.access;
        const members = trip.members.filter((id) => id !== userId);
        // No one left to show it to (their own trip, deleted with them): it goes altogether.
        if (members.length === 0) await store.removeCalendarTrip(trip._id);
        else await store.saveCalendarTrip({ ...trip, access, members });
      }
    },

    async tripDeleted(tripId) {
      const stored = await store.calendarTrip(tripId);
      if (!stored || stored.version === DELETED) return;
      const trip: CalendarTrip = {
        ...stored,
        version: DELETED,
        cancelled: true,
        sequence: stored.sequence + (stored.cancelled ? 0 : 1),
        updated_at: now().toISOString(),
      };
      await store.saveCalendarTrip({ ...trip, rendered: rendered(trip, base) });
    },

    async renew(userId) {
      const token = randomBytes(32).toString('base64url');
      await store.saveCalendarToken({ _id: userId, token_hash: tokenHash(token), created_at: now().toISOString() });
      return { token };
    },

    async revoke(userId) {
      if (!(await store.removeCalendarToken(userId))) throw notFound(NO_FEED);
    },

    async status(userId) {
      const found = await store.calendarTokenOf(userId);
      return { active: found !== null, created_at: found?.created_at ?? null };
    },

    async feed(token) {
      const found = FEED_TOKEN.test(token) ? await store.calendarTokenByHash(tokenHash(token)) : null;
      if (!found) throw notFound(FEED_NOT_FOUND);
      const trips = await store.calendarTripsOf(found._id);
      trips.sort((a, b) => (a._id < b._id ? -1 : 1));
      const parts = [head];
      for (const trip of trips) {
        const reader = readerOf(trip.access[found._id]);
        // A trip kept before its events were stored is written now.
        parts.push((trip.rendered ?? rendered(trip, base))[reader]);
      }
      parts.push('END:VCALENDAR\r\n');
      return parts.join('');
    },
  };
}
