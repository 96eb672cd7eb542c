import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { comparisonCsv, csvFileName, neutraliseCell, travellersOf, tripsCalendar } from '../../src/exports';
import { tripView, type InstanceRecord, type TripRecord } from '../../src/trip';

describe('neutraliseCell', () => {
  it.each(['=1+1', '+1', '-1', '@A1', '\tx', '\rx'])(
    'when a cell starts like a formula (%j), then it becomes text',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['Lisbon', '100.00', '', ' =not first', "'quoted"])(
    'when a cell is plain (%j), then it is unchanged',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(cell);
    },
  );
});

describe('the comparison CSV as documented', () => {
  const window = (fields: Partial<InstanceRecord>) =>
    ({
      _id: '64b000000000000000000031',
      trip_start: '2030-06-10T00:00:00.000Z',
      trip_end: '2030-06-13T00:00:00.000Z',
      stay_expense: 12000,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
      activities: [],
      isCommitted: false,
      created_at: '2026-01-01T00:00:00.000Z',
      ...fields,
    }) as InstanceRecord;
  const tripOf = (currency: string, instances: InstanceRecord[]) =>
    ({ _id: '64b000000000000000000030', location_address: 'Kyoto', currency, instances }) as unknown as TripRecord;
  const linesOf = (csv: string) => csv.replace(/^\ufeff/, '').split('\r\n');

  it('when docs/product.md names the CSV header, then it is exactly the first line of the file', () => {
    const product = readFileSync(join(__dirname, '../../../../docs/product.md'), 'utf8');
    const documented = /under the CSV header\s+`([^`]+)`/.exec(product)?.[1];
    expect(documented).toBeDefined();
    expect(linesOf(comparisonCsv(tripOf('USD', [])))[0]).toBe(documented);
  });

  it('when the trip is in yen, then amounts have no decimals and the figures are the trip answer’s', () => {
    const cheap = window({});
    const dear = window({
      _id: '64b000000000000000000032',
      trip_start: '2030-07-01T00:00:00.000Z',
      trip_end: '2030-07-04T00:00:00.000Z',
      stay_expense: 20000,
      label: 'Gion',
      status: 'top_choice',
    });
    const trip = tripOf('JPY', [dear, cheap]);
    const [, first, second] = linesOf(comparisonCsv(trip));
    expect(first).toBe('Kyoto,,2030-06-10,2030-06-13,3,12000,0,0,0,12000,4000,12000,,Considering,no,,JPY,');
    expect(second).toBe('Kyoto,Gion,2030-07-01,2030-07-04,3,20000,0,0,0,20000,6667,20000,8000,Top choice,no,,JPY,');
    const view = tripView(trip).instances[0];
    expect([view.per_night, view.per_person, view.delta_vs_cheapest]).toEqual([6667, 20000, 8000]);
  });
});

describe('exchange rates in the CSV', () => {
  it('when an item’s frozen rate is over a week old on the day of the export, then its rate says so', () => {
    const hotel = (date: string) => ({
      _id: '64b000000000000000000041',
      category: 'stay',
      name: 'Hotel',
      amount: 100,
      basis: 'total',
      currency: 'EUR',
      fx: { rate: 1.08, date, source: 'bundled', first_rate: 1.08 },
    });
    const tripWith = (date: string) =>
      ({
        _id: '64b000000000000000000040',
        location_address: 'Kyoto',
        currency: 'USD',
        instances: [
          {
            _id: '64b000000000000000000042',
            trip_start: '2030-06-10T00:00:00.000Z',
            trip_end: '2030-06-13T00:00:00.000Z',
            stay_expense: 108,
            travel_expense: 0,
            car_expense: 0,
            other_expense: 0,
            activities: [],
            isCommitted: false,
            created_at: '2026-01-01T00:00:00.000Z',
            items: [hotel(date)],
          },
        ],
      }) as unknown as TripRecord;
    expect(comparisonCsv(tripWith('2026-11-21'), '2026-11-28')).toContain(
      '"Hotel: 1 EUR = 1.08 USD (bundled, 2026-11-21)"',
    );
    expect(comparisonCsv(tripWith('2026-09-29'), '2026-11-28')).toContain(
      '"Hotel: 1 EUR = 1.08 USD (bundled, 2026-09-29, over 7 days old)"',
    );
  });
});

describe('csvFileName and travellersOf', () => {
  const trip = (fields: Partial<TripRecord> & Record<string, unknown>) => fields as TripRecord;

  it('when the place has quotes, slashes or accents, then the file name keeps letters and digits only', () => {
    expect(csvFileName(trip({ location_address: 'São Paulo, "SP"/Brazil\r\nX' }))).toBe(
      'sao-paulo-sp-brazil-x-comparison.csv',
    );
    expect(csvFileName(trip({ location_address: '東京' }))).toBe('trip-comparison.csv');
  });

  it('when the trip records no usable travellers, then one person', () => {
    expect(travellersOf(trip({}))).toBe(1);
    expect(travellersOf(trip({ travelers: 0 }))).toBe(1);
    expect(travellersOf(trip({ travelers: 3 }))).toBe(3);
  });
});

describe('a plan stored with its end before its start', () => {
  it('when the calendar is written, then the plan shows on its start day and says its dates need fixing', () => {
    const stored = {
      _id: '64b000000000000000000009',
      location_address: 'Lisbon, Portugal',
      committedInstanceId: '64b000000000000000000010',
      trip_start: '2030-06-10T00:00:00.000Z',
      trip_end: '2030-06-06T00:00:00.000Z',
      stay_expense: 100,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
      instances: [],
    } as unknown as TripRecord;
    const calendar = tripsCalendar([stored]);
    expect(calendar).toContain('SUMMARY:Trip to Lisbon\\, Portugal (dates need fixing)');
    expect(calendar).toContain('DTSTART;VALUE=DATE:20300610');
    expect(calendar).toContain('DTEND;VALUE=DATE:20300611');
  });
});

describe('the per-person line of a calendar event', () => {
  it("when the total's cents split at a half, then the calendar shows the trip page's per_person, not a cent less", () => {
    // $1.15 is 114.99999999999999 × 100 in floating point: halving that rounded down to
    // $0.57 while the trip's page (whole cents halved) says $0.58.
    const stored = {
      _id: '64b000000000000000000011',
      location_address: 'Porto, Portugal',
      committedInstanceId: '64b000000000000000000012',
      trip_start: '2030-06-06T00:00:00.000Z',
      trip_end: '2030-06-10T00:00:00.000Z',
      travelers: 2,
      stay_expense: 1.15,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
      instances: [],
    } as unknown as TripRecord;
    expect(tripView(stored).per_person).toBe(0.58);
    expect(tripsCalendar([stored]).replace(/\r\n[ \t]/g, '')).toContain('Per person (2 travellers): $0.58');
  });
});

describe('dates stored out of range (before the range held: docs/adr/0055)', () => {
  const DAY_MS = 86_400_000;
  /** What older data may hold: expanded years, days outside 1900…2199, junk. */
  const storedDate = fc.oneof(
    fc.constant('+010000-12T00:00:00.000Z'),
    fc.integer({ min: -8.64e15 / DAY_MS, max: 8.64e15 / DAY_MS }).map((day) => new Date(day * DAY_MS).toISOString()),
    fc.integer({ min: 0, max: 9999 }).map((year) => `${String(year).padStart(4, '0')}-06-15T00:00:00.000Z`),
    fc.string({ maxLength: 12 }),
  );
  const planWith = (trip_start: string, trip_end: string) => {
    const window = {
      _id: '64b000000000000000000021',
      trip_start,
      trip_end,
      stay_expense: 100,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
      activities: [],
      isCommitted: true,
      created_at: '2026-01-01T00:00:00.000Z',
    } as unknown as InstanceRecord;
    return {
      _id: '64b000000000000000000020',
      location_address: 'Lisbon, Portugal',
      committedInstanceId: window._id,
      trip_start,
      trip_end,
      stay_expense: 100,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
      instances: [window],
    } as unknown as TripRecord;
  };

  it('when the calendar is written, then every DTSTART and DTEND is a date of 8 digits, whatever was stored', () => {
    fc.assert(
      fc.property(storedDate, storedDate, fc.boolean(), (start, end, validStart) => {
        const calendar = tripsCalendar([planWith(validStart ? '2030-06-10T00:00:00.000Z' : start, end)]);
        const lines = calendar.split('\r\n').filter((line) => /^DT(START|END)/.test(line));
        for (const line of lines) expect(line).toMatch(/^DT(START|END);VALUE=DATE:\d{8}$/);
      }),
      { numRuns: 200 },
    );
  });

  it('when a copy was stored ending "+010000-12…", then the calendar, the answer and the CSV say its dates need fixing', () => {
    const stored = planWith('9999-12-25T00:00:00.000Z', '+010000-12T00:00:00.000Z');
    const calendar = tripsCalendar([{ ...stored, trip_start: '2199-12-25T00:00:00.000Z' }]);
    expect(calendar).toContain('DTSTART;VALUE=DATE:21991225');
    expect(calendar).toContain('DTEND;VALUE=DATE:21991226');
    expect(calendar).toContain('(dates need fixing)');
    expect(tripsCalendar([stored])).not.toContain('BEGIN:VEVENT');

    const view = tripView(stored);
    expect([view.trip_start, view.trip_end]).toEqual([null, null]);
    expect(view.instances[0]).toMatchObject({ trip_start: null, trip_end: null, dates_invalid: true, nights: null });

    const [, row] = comparisonCsv(stored)
      .replace(/^\ufeff/, '')
      .split('\r\n');
    // Place, then Window, Start, End and Nights empty, then the stay; no per night and no difference.
    expect(row).toMatch(/^"Lisbon, Portugal",,,,,100\.00,0\.00,0\.00,0\.00,100\.00,,100\.00,,Booked,yes,/);
    expect(row).toContain('Dates need fixing: a date is not from 1900-01-01 to 2199-12-31.');
  });
});
