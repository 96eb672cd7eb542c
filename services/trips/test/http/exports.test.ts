// The calendar and spreadsheet exports through the real service, read back with real
// parsers (node-ical, csv-parse) rather than string matching.
import { parse as parseCsv } from 'csv-parse/sync';
import ical, { type VEvent } from 'node-ical';
import { newId } from '@tripcost/shared';
import { testUser, tokenFor } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

/** An all-day date as the parser gives it (a Date at local midnight) → YYYY-MM-DD. */
/** The comparison CSV's columns, as docs/product.md documents them. */
const HEADER = [
  'Place',
  'Window',
  'Start',
  'End',
  'Nights',
  'Stay',
  'Travel',
  'Car',
  'Other',
  'Total',
  'Per night',
  'Per person',
  'Difference from cheapest',
  'Status',
  'Committed',
  'Note',
  'Currency',
  'Exchange rates',
];
const NO_AMOUNTS = { stay_expense: 0, travel_expense: 0, car_expense: 0, other_expense: 0 };

const calendarDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('exports', () => {
  let trips: BootedTrips;
  beforeAll(async () => {
    trips = await bootTrips();
  });
  afterAll(() => trips.stop());

  const download = (path: string, token?: string) =>
    fetch(`${trips.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  async function committedTrip(client: Client, address: string, window: Record<string, unknown>) {
    const trip = await client.createTrip({ location_address: address });
    const instance = await client.addInstance(trip._id, window);
    expect((await client.patch(`/api/trips/getaway/${trip._id}/instances/${instance._id}/commit`, {})).status).toBe(
      200,
    );
    return trip as { _id: string };
  }

  describe('GET /api/trips/calendar.ics', () => {
    it('when the user has committed trips, then one all-day event each with an exclusive end and a stable UID', async () => {
      const user = testUser();
      const alice = clientFor(trips.url, user);
      const lisbon = await committedTrip(alice, 'Lisbon, Portugal', {
        trip_start: '2030-05-01',
        trip_end: '2030-05-04',
        stay_expense: 400.5,
        travel_expense: 250,
        car_expense: 0,
        other_expense: 49.5,
      });
      const rome = await committedTrip(alice, 'Rome, Italy', { trip_start: '2030-12-30', trip_end: '2031-01-02' });
      // Not exported: an uncommitted trip, and another user's committed trip.
      await alice.addInstance((await alice.createTrip({ location_address: 'Oslo, Norway' }))._id);
      await committedTrip(clientFor(trips.url), 'Paris, France', {});

      const res = await download('/api/trips/calendar.ics', tokenFor(user));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
      const text = await res.text();
      const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
      expect(events).toHaveLength(2);
      const byUid = Object.fromEntries(events.map((event) => [event.uid, event]));

      const lisbonEvent = byUid[`trip-${lisbon._id}@tripcost`]!;
      expect(lisbonEvent.datetype).toBe('date');
      expect(calendarDay(lisbonEvent.start)).toBe('2030-05-01');
      // DTEND is exclusive: the day after the last day.
      expect(calendarDay(lisbonEvent.end!)).toBe('2030-05-05');
      expect(lisbonEvent.summary).toBe('Trip to Lisbon, Portugal');
      expect(lisbonEvent.description).toContain('Total: $700.00');

      const romeEvent = byUid[`trip-${rome._id}@tripcost`]!;
      expect([calendarDay(romeEvent.start), calendarDay(romeEvent.end!)]).toEqual(['2030-12-30', '2031-01-03']);

      // The UIDs are the same on the next export, so calendars update instead of duplicating.
      const again = ical.sync.parseICS(await (await download('/api/trips/calendar.ics', tokenFor(user))).text());
      expect(
        Object.values(again)
          .filter((c): c is VEvent => c?.type === 'VEVENT')
          .map((event) => event.uid)
          .sort(),
      ).toEqual(Object.keys(byUid).sort());
    });

    it('when the user has no committed trip, then a valid calendar without events', async () => {
      const res = await download('/api/trips/calendar.ics', tokenFor(testUser()));
      expect(res.status).toBe(200);
      const parsed = ical.sync.parseICS(await res.text());
      expect(Object.values(parsed).filter((c) => c?.type === 'VEVENT')).toEqual([]);
    });

    it('when there is no token or a bad one, then 401 {msg}', async () => {
      for (const token of [undefined, 'not.a.token']) {
        const res = await download('/api/trips/calendar.ics', token);
        expect(res.status).toBe(401);
        expect(typeof (await res.json()).msg).toBe('string');
      }
    });
  });

  describe('GET /api/trips/getaway/:tripId/comparison.csv', () => {
    it('when a trip has windows, then a header and one row per window by start date, money with 2 decimals', async () => {
      const user = testUser();
      const alice = clientFor(trips.url, user);
      const trip = await alice.createTrip({ location_address: 'Austin, TX, USA' });
      await alice.addInstance(trip._id, { trip_start: '2030-06-10', trip_end: '2030-06-13', stay_expense: 300.1 });
      const march = await alice.addInstance(trip._id, { trip_start: '2030-03-01', trip_end: '2030-03-05' });
      await alice.patch(`/api/trips/getaway/${trip._id}/instances/${march._id}/commit`, {});

      const res = await download(`/api/trips/getaway/${trip._id}/comparison.csv`, tokenFor(user));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="austin-tx-usa-comparison.csv"');
      const text = await res.text();
      expect(text).toContain('\r\n'); // RFC 4180 line ends
      const rows = parseCsv(text, { bom: true }) as string[][];
      expect(rows).toEqual([
        [...HEADER],
        [
          'Austin, TX, USA',
          '',
          '2030-03-01',
          '2030-03-05',
          '4',
          '100.00',
          '50.00',
          '25.00',
          '10.00',
          '185.00',
          '46.25',
          '185.00',
          '',
          'Booked',
          'yes',
          '',
          'USD',
          '',
        ],
        [
          'Austin, TX, USA',
          '',
          '2030-06-10',
          '2030-06-13',
          '3',
          '300.10',
          '50.00',
          '25.00',
          '10.00',
          '385.10',
          '128.37',
          '385.10',
          '200.10',
          'Considering',
          'no',
          '',
          'USD',
          '',
        ],
      ]);
    });

    it('when windows are itemised, in another currency, undated, eliminated or committed, then every column is the board’s figure', async () => {
      const user = testUser();
      const alice = clientFor(trips.url, user);
      const trip = await alice.createTrip({ location_address: 'Austin, TX, USA', travelers: 2 });
      const tripPath = `/api/trips/getaway/${trip._id}`;
      // Itemised, named, one item in euros at the traveller's own rate: 4 nights × 100 + 2 × 150 + 100 EUR × 1.1.
      const easter = await alice.addInstance(trip._id, { ...NO_AMOUNTS, label: 'Easter week' });
      const items = `${tripPath}/instances/${easter._id}/items`;
      for (const item of [
        { category: 'stay', name: 'Hotel', amount: 100, basis: 'per_night' },
        { category: 'travel', name: 'Flights', amount: 150, basis: 'per_person' },
        { category: 'car', name: 'Rental', amount: 100, basis: 'total', currency: 'EUR', fx: { rate: 1.1 } },
      ]) {
        expect((await alice.post(items, item)).status).toBe(201);
      }
      // Committed (so booked); 3 nights.
      const june = await alice.addInstance(trip._id, { trip_start: '2030-06-10', trip_end: '2030-06-13' });
      expect((await alice.patch(`${tripPath}/instances/${june._id}/commit`, {})).status).toBe(200);
      // Without dates: 150, as much as the cheapest, which wins the tie by having a start date.
      await alice.addInstance(trip._id, { ...NO_AMOUNTS, trip_start: null, trip_end: null, stay_expense: 150 });
      await alice.addInstance(trip._id, {
        ...NO_AMOUNTS,
        trip_start: '2030-09-01',
        trip_end: '2030-09-02',
        other_expense: 150,
        label: '=SUM(A1)',
        status: 'top_choice',
      });
      // Eliminated: the lowest total, yet out of the comparison (no difference).
      await alice.addInstance(trip._id, {
        ...NO_AMOUNTS,
        trip_start: '2030-04-01',
        trip_end: '2030-04-03',
        stay_expense: 99.99,
        status: 'eliminated',
      });

      const res = await download(`${tripPath}/comparison.csv`, tokenFor(user));
      expect(res.status).toBe(200);
      const rows = parseCsv(await res.text(), { bom: true }) as string[][];
      const place = 'Austin, TX, USA';
      const rate = `Rental: 1 EUR = 1.1 USD (manual, ${new Date().toISOString().slice(0, 10)})`;
      expect(rows).toEqual([
        HEADER,
        // prettier-ignore
        [place, 'Easter week', '2030-03-01', '2030-03-05', '4', '400.00', '300.00', '110.00', '0.00', '810.00', '202.50', '405.00', '660.00', 'Considering', 'no', '', 'USD', rate],
        // prettier-ignore
        [place, '', '2030-04-01', '2030-04-03', '2', '99.99', '0.00', '0.00', '0.00', '99.99', '50.00', '50.00', '', 'Eliminated', 'no', '', 'USD', ''],
        // prettier-ignore
        [place, '', '2030-06-10', '2030-06-13', '3', '100.00', '50.00', '25.00', '10.00', '185.00', '61.67', '92.50', '35.00', 'Booked', 'yes', '', 'USD', ''],
        // prettier-ignore
        [place, "'=SUM(A1)", '2030-09-01', '2030-09-02', '1', '0.00', '0.00', '0.00', '150.00', '150.00', '150.00', '75.00', '', 'Top choice', 'no', '', 'USD', ''],
        // prettier-ignore
        [place, '', '', '', '', '150.00', '0.00', '0.00', '0.00', '150.00', '', '75.00', '0.00', 'Considering', 'no', '', 'USD', ''],
      ]);
      // The same figures as the trip answer.
      const answer = (await alice.get(tripPath)).body;
      const easterView = answer.instances.find((window: { _id: string }) => window._id === easter._id);
      expect([easterView.per_night, easterView.per_person, easterView.delta_vs_cheapest]).toEqual([202.5, 405, 660]);
    });

    it('when the place would run as a spreadsheet formula, then it comes back neutralised as text', async () => {
      const user = testUser();
      const alice = clientFor(trips.url, user);
      // Addresses are trimmed on the way in, so tab and CR are covered by the unit test.
      for (const address of ['=HYPERLINK("x")', '+cmd', '-2+3', '@SUM(A1)']) {
        const trip = await alice.createTrip({ location_address: address, trip_location: 'Somewhere' });
        await alice.addInstance(trip._id);
        const res = await download(`/api/trips/getaway/${trip._id}/comparison.csv`, tokenFor(user));
        const rows = parseCsv(await res.text(), { bom: true }) as string[][];
        expect(rows[1]![0]).toBe(`'${address}`);
      }
    });

    it('when a trip has no windows, then only the header', async () => {
      const user = testUser();
      const trip = await clientFor(trips.url, user).createTrip();
      const res = await download(`/api/trips/getaway/${trip._id}/comparison.csv`, tokenFor(user));
      expect(parseCsv(await res.text(), { bom: true })).toHaveLength(1);
    });

    it('when another user, nobody, a missing trip or a malformed id asks, then 403, 401, 404, 400 {msg}', async () => {
      const alice = clientFor(trips.url);
      const trip = await alice.createTrip();
      const cases: Array<[string, string | undefined, number]> = [
        [trip._id, tokenFor(testUser()), 403],
        [trip._id, undefined, 401],
        [newId(), alice.token, 404],
        ['not-an-id', alice.token, 400],
      ];
      for (const [tripId, token, status] of cases) {
        const res = await download(`/api/trips/getaway/${tripId}/comparison.csv`, token);
        expect([tripId, res.status]).toEqual([tripId, status]);
        expect(typeof (await res.json()).msg).toBe('string');
      }
    });
  });
});
