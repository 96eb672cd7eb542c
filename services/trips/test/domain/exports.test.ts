import { csvFileName, neutraliseCell, travellersOf, tripsCalendar } from '../../src/domain/exports';
import { tripView, type TripRecord } from '../../src/domain/trip';

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
