// "Check prices": searches on well-known sites pre-filled with a window's place, dates
// and travellers, so a traveller can see whether a price still holds. Every URL template
// lives here (test/domain/search-links.test.ts parses each one). Links only: TripCost
// never calls these sites and reads nothing from them.
import { dayString, dayNumber } from '@tripcost/shared';

export const SEARCH_LINK_KINDS = ['flights', 'stays', 'cars'] as const;
export type SearchLinkKind = (typeof SEARCH_LINK_KINDS)[number];

export interface SearchLink {
  kind: SearchLinkKind;
  site: string;
  url: string;
}

export const MAX_ORIGIN_LENGTH = 120;

interface LinkInput {
  /** Where the trip goes (its derived location, else its address). */
  place: string;
  /** Where the traveller flies from; '' when not given. */
  origin: string;
  /** 'YYYY-MM-DD' */
  start: string;
  end: string;
  travellers: number;
}

const q = encodeURIComponent;

const TEMPLATES: Array<{ kind: SearchLinkKind; site: string; url: (input: LinkInput) => string }> = [
  {
    kind: 'flights',
    site: 'Google Flights',
    url: ({ place, origin, start, end, travellers }) =>
      `https://www.google.com/travel/flights?q=${q(
        `Flights to ${place}${origin ? ` from ${origin}` : ''} on ${start} through ${end} for ${travellers} ${
          travellers === 1 ? 'adult' : 'adults'
        }`,
      )}`,
  },
  {
    kind: 'flights',
    site: 'Skyscanner',
    // Skyscanner's free-text search: it resolves the places itself.
    url: ({ place, origin, start, end, travellers }) =>
      `https://www.skyscanner.net/transport/flights/?${new URLSearchParams({
        ...(origin ? { originText: origin } : {}),
        destinationText: place,
        outboundDate: start,
        inboundDate: end,
        adultsv2: String(travellers),
        rtn: '1',
      })}`,
  },
  {
    kind: 'stays',
    site: 'Booking.com',
    url: ({ place, start, end, travellers }) =>
      `https://www.booking.com/searchresults.html?${new URLSearchParams({
        ss: place,
        checkin: start,
        checkout: end,
        group_adults: String(travellers),
        no_rooms: '1',
      })}`,
  },
  {
    kind: 'stays',
    site: 'Airbnb',
    url: ({ place, start, end, travellers }) =>
      `https://www.airbnb.com/s/${q(place)}/homes?${new URLSearchParams({
        checkin: start,
        checkout: end,
        adults: String(travellers),
      })}`,
  },
  {
    kind: 'cars',
    site: 'Kayak',
    url: ({ place, start, end }) => `https://www.kayak.com/cars/${q(place)}/${start}/${end}`,
  },
];

/**
 * The search links of one window: none when a date is missing or the window ends
 * before it starts (nothing to search for), or when the trip has no place.
 */
export function searchLinks(
  trip: { trip_location: string; location_address: string; origin?: string; travelers?: number },
  window: { trip_start: string | null; trip_end: string | null },
): SearchLink[] {
  if (!window.trip_start || !window.trip_end) return [];
  const [start, end] = [dayNumber(window.trip_start), dayNumber(window.trip_end)];
  const place = (trip.trip_location || trip.location_address).trim();
  if (end < start || !place) return [];
  const input: LinkInput = {
    place,
    origin: (trip.origin ?? '').trim(),
    start: dayString(start),
    end: dayString(end),
    travellers: trip.travelers ?? 1,
  };
  return TEMPLATES.map(({ kind, site, url }) => ({ kind, site, url: url(input) }));
}
