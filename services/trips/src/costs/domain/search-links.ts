// "Check prices": searches on well-known sites pre-filled with a window's place, dates
// and travellers, so a traveller can see whether a price still holds. Every URL template
// lives here (test/domain/search-links.test.ts parses each one). Links only: TripCost
// never calls these sites and reads nothing from them.
import { datesInvalid, dayString, dayNumber, TEXT_LIMITS } from '@tripcost/shared';

const DOT_SEGMENT = /^\.{1,2}$/;

export const SEARCH_LINK_KINDS = ['flights', 'stays', 'cars'] as const;
export type SearchLinkKind = (typeof SEARCH_LINK_KINDS)[number];

export interface SearchLink {
  kind: SearchLinkKind;
  site: string;
  url: string;
}

export const MAX_ORIGIN_LENGTH = TEXT_LIMITS.origin;

/** What a trip's links share: its place, origin and travellers (encoded once per trip). */
interface TripInput {
  /** Where the trip goes (its derived location, else its address). */
  place: string;
  /** Where the traveller flies from; '' when not given. */
  origin: string;
  travellers: number;
}

/** A window's dates, 'YYYY-MM-DD': digits and dashes, which no URL needs encoded. */
interface WindowDates {
  start: string;
  end: string;
}

const q = encodeURIComponent;

// Each template takes the trip and returns the URL of a window's dates: what the
// traveller typed is encoded once per trip, not once per window of every answer.
const TEMPLATES: Array<{
  kind: SearchLinkKind;
  site: string;
  url: (trip: TripInput) => (dates: WindowDates) => string;
}> = [
  {
    kind: 'flights',
    site: 'Google Flights',
    url: ({ place, origin, travellers }) => {
      const where = q(`Flights to ${place}${origin ? ` from ${origin}` : ''}`);
      const who = q(` for ${travellers} ${travellers === 1 ? 'adult' : 'adults'}`);
      return ({ start, end }) =>
        `https://www.google.com/travel/flights?q=${where}${q(` on ${start} through ${end}`)}${who}`;
    },
  },
  {
    kind: 'flights',
    site: 'Skyscanner',
    // Skyscanner's free-text search: it resolves the places itself.
    url: ({ place, origin, travellers }) => {
      const places = new URLSearchParams({ ...(origin ? { originText: origin } : {}), destinationText: place });
      return ({ start, end }) =>
        `https://www.skyscanner.net/transport/flights/?${places}&outboundDate=${start}&inboundDate=${end}&adultsv2=${travellers}&rtn=1`;
    },
  },
  {
    kind: 'stays',
    site: 'Booking.com',
    url: ({ place, travellers }) => {
      const where = new URLSearchParams({ ss: place });
      return ({ start, end }) =>
        `https://www.booking.com/searchresults.html?${where}&checkin=${start}&checkout=${end}&group_adults=${travellers}&no_rooms=1`;
    },
  },
  {
    kind: 'stays',
    site: 'Airbnb',
    url: ({ place, travellers }) => {
      const where = q(place);
      return ({ start, end }) =>
        `https://www.airbnb.com/s/${where}/homes?checkin=${start}&checkout=${end}&adults=${travellers}`;
    },
  },
  {
    kind: 'cars',
    site: 'Kayak',
    url: ({ place }) => {
      const where = q(place);
      return ({ start, end }) => `https://www.kayak.com/cars/${where}/${start}/${end}`;
    },
  },
];

/**
 * The search links of a trip's windows: none for a window without both dates or that
 * ends before it starts (nothing to search for), and none when the trip has no place.
 */
export function searchLinker(trip: {
  trip_location: string;
  location_address: string;
  origin?: string;
  travelers?: number;
}): (window: { trip_start: string | null; trip_end: string | null }) => SearchLink[] {
  const place = (trip.trip_location || trip.location_address).trim();
  if (!place) return () => [];
  const input: TripInput = { place, origin: (trip.origin ?? '').trim(), travellers: trip.travelers ?? 1 };
  const sites = TEMPLATES.map(({ kind, site, url }) => ({ kind, site, url: url(input) }));
  return (window) => {
    // No links for dates that need fixing (end before start, or out of range).
    if (!window.trip_start || !window.trip_end || datesInvalid(window)) return [];
    // '.' or '..' is no place, and a URL drops it from a path (Airbnb's, Kayak's): no links.
    if (DOT_SEGMENT.test(place)) return [];
    const [start, end] = [dayNumber(window.trip_start), dayNumber(window.trip_end)];
    const dates: WindowDates = { start: dayString(start), end: dayString(end) };
    return sites.map(({ kind, site, url }) => ({ kind, site, url: url(dates) }));
  };
}

/** The search links of one window (searchLinker, for a single window). */
export const searchLinks = (
  trip: Parameters<typeof searchLinker>[0],
  window: { trip_start: string | null; trip_end: string | null },
): SearchLink[] => searchLinker(trip)(window);
