// "Check prices" links: every built URL parses, is https on the site it names, and
// carries the place, the dates and the travellers (and the origin for flights).
import { searchLinks } from '../../src/domain/search-links';

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
});
