// "Check prices" links: every built URL parses, is https on the site it names, and
// carries the place, the dates and the travellers (and the origin for flights).
import fc from 'fast-check';
import { searchLinker, searchLinks } from '../../src/costs';

const trip = {
  trip_location: 'Lisbon, Portugal',
  location_address: 'Rua Augusta 1, Lisbon, Portugal',
  origin: 'Boston & Co (BOS)',
  travelers: 3,
};
const window = { trip_start: '2030-03-12T00:00:00.000Z', trip_end: '2030-03-17T00:00:00.000Z' };

describe('search links', () => {
  it('when a window has both dates, then each link parses as https on its site with the place, dates and travellers', () => {
    const links = searchLinks(trip, window);
    expect(links.map((link) => [link.kind, link.site])).toEqual([
      ['flights', 'Google Flights'],
      ['flights', 'Skyscanner'],
      ['stays', 'Booking.com'],
      ['stays', 'Airbnb'],
      ['cars', 'Kayak'],
    ]);
    const hosts: Record<string, string> = {
      'Google Flights': 'www.google.com',
      Skyscanner: 'www.skyscanner.net',
      'Booking.com': 'www.booking.com',
      Airbnb: 'www.airbnb.com',
      Kayak: 'www.kayak.com',
    };
    for (const link of links) {
      const url = new URL(link.url);
      expect(url.protocol).toBe('https:');
      expect(url.host).toBe(hosts[link.site]);
      // Everything the traveller typed is encoded: decoded, the URL says it back.
      const said = decodeURIComponent(url.pathname + url.search).replace(/\+/g, ' ');
      expect(said).toContain('Lisbon, Portugal');
      expect(said).toContain('2030-03-12');
      expect(said).toContain('2030-03-17');
      if (link.kind === 'flights') expect(said).toContain('Boston & Co (BOS)');
      if (link.kind !== 'cars') expect(said).toMatch(/\b3\b/);
    }
    const booking = new URL(links.find((link) => link.site === 'Booking.com')!.url);
    expect(Object.fromEntries(booking.searchParams)).toEqual({
      ss: 'Lisbon, Portugal',
      checkin: '2030-03-12',
      checkout: '2030-03-17',
      group_adults: '3',
      no_rooms: '1',
    });
  });

  it('when a date is missing or the dates are reversed, then there is no link', () => {
    expect(searchLinks(trip, { ...window, trip_end: null })).toEqual([]);
    expect(searchLinks(trip, { ...window, trip_start: null })).toEqual([]);
    expect(searchLinks(trip, { trip_start: window.trip_end, trip_end: window.trip_start })).toEqual([]);
  });

  it('when the trip has no origin, then flight searches name the destination only', () => {
    const google = new URL(searchLinks({ ...trip, origin: '' }, window)[0].url);
    expect(google.searchParams.get('q')).toBe(
      'Flights to Lisbon, Portugal on 2030-03-12 through 2030-03-17 for 3 adults',
    );
  });

  it('when a trip has several windows, then each window gets its own dates and the place typed, whatever characters it has', () => {
    // The trip's part of each URL is encoded once per trip and each window's dates added
    // to it: any text a traveller can type must still come back whole, in each window.
    const typed = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== '');
    fc.assert(
      fc.property(typed, fc.option(typed, { nil: '' }), fc.integer({ min: 1, max: 50 }), (place, origin, travelers) => {
        const links = searchLinker({ trip_location: place, location_address: '', origin, travelers });
        const windows = [
          { trip_start: '2030-03-12T00:00:00.000Z', trip_end: '2030-03-17T00:00:00.000Z' },
          { trip_start: '2030-12-30T00:00:00.000Z', trip_end: '2031-01-02T00:00:00.000Z' },
        ];
        for (const window of windows) {
          const [start, end] = [window.trip_start.slice(0, 10), window.trip_end.slice(0, 10)];
          // '.' and '..' name no place (a URL would drop them from a path): no links at all.
          if (/^\.{1,2}$/.test(place.trim())) {
            expect(links(window)).toEqual([]);
            continue;
          }
          const bySite = Object.fromEntries(links(window).map((link) => [link.site, new URL(link.url)]));
          const from = origin.trim() ? ` from ${origin.trim()}` : '';
          const adults = travelers === 1 ? 'adult' : 'adults';
          expect(bySite['Google Flights'].searchParams.get('q')).toBe(
            `Flights to ${place.trim()}${from} on ${start} through ${end} for ${travelers} ${adults}`,
          );
          expect(Object.fromEntries(bySite.Skyscanner.searchParams)).toEqual({
            ...(origin.trim() ? { originText: origin.trim() } : {}),
            destinationText: place.trim(),
            outboundDate: start,
            inboundDate: end,
            adultsv2: String(travelers),
            rtn: '1',
          });
          expect(bySite['Booking.com'].searchParams.get('ss')).toBe(place.trim());
          expect(bySite['Booking.com'].searchParams.get('checkin')).toBe(start);
          const airbnb = bySite.Airbnb;
          expect(decodeURIComponent(airbnb.pathname)).toBe(`/s/${place.trim()}/homes`);
          expect(Object.fromEntries(airbnb.searchParams)).toEqual({
            checkin: start,
            checkout: end,
            adults: String(travelers),
          });
          expect(decodeURIComponent(bySite.Kayak.pathname)).toBe(`/cars/${place.trim()}/${start}/${end}`);
        }
      }),
      {
        examples: [
          ['.', '', 1],
          [' .. ', 'Porto', 2],
          ['.a', '', 1],
        ],
      },
    );
  });
});
