// The travel-date rule (domain/calendar-date.ts) and the strict query reading
// (validation.ts) that every service's routes use: docs/adr/0055.
import fc from 'fast-check';
import { z } from 'zod';
import {
  addDays,
  AppError,
  calendarDay,
  dayNumber,
  daysBetween,
  dayString,
  calendarDateSchema,
  checkTravelDate,
  datesInvalid,
  DAY_MS,
  EARLIEST_TRAVEL_DATE,
  isTravelDay,
  LATEST_TRAVEL_DATE,
  queryDateSchema,
  queryIntegerSchema,
  readableDate,
  strictQuery,
  travelDaySchema,
} from '../src';

const RUNS = { numRuns: 200 };
const FIRST = Date.parse(EARLIEST_TRAVEL_DATE) / DAY_MS;
const LAST = Date.parse(LATEST_TRAVEL_DATE) / DAY_MS;
const dayOf = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Every day from 1900-01-01 to 2199-12-31, as YYYY-MM-DD. */
const dayInRange = fc.integer({ min: FIRST, max: LAST }).map(dayOf);
/** A real calendar day with a four-digit year outside the range (0001…1899, 2200…9999). */
const dayOutOfRange = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1, max: 1899 }), fc.integer({ min: 2200, max: 9999 })),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
  )
  .map(([year, month, day]) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`);
/** A time of day with an offset, as clients append to a date. */
const timeAndZone = fc
  .tuple(
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.constantFrom('Z', '+14:00', '-12:00', '+05:30', '.123Z'),
  )
  .map(([hours, minutes, zone]) => `T${pad(hours)}:${pad(minutes)}:00${zone}`);

const parsed = <S extends z.ZodType>(schema: S, value: unknown) => schema.safeParse(value);
const firstMessage = (result: { error?: z.ZodError }) => result.error?.issues[0]?.message;

describe('travel dates: calendar days from 1900-01-01 to 2199-12-31', () => {
  it('when any day in range is sent as YYYY-MM-DD (body or query), then it is read as that day at UTC midnight', () => {
    fc.assert(
      fc.property(dayInRange, (day) => {
        expect(checkTravelDate(day)).toEqual({ date: `${day}T00:00:00.000Z` });
        expect(checkTravelDate(day, true)).toEqual({ date: `${day}T00:00:00.000Z` });
        expect(parsed(calendarDateSchema('The start date'), day).data).toBe(`${day}T00:00:00.000Z`);
        expect(parsed(travelDaySchema('A season’s start'), day).data).toBe(day);
        expect(parsed(queryDateSchema('from'), day).data).toBe(day);
        expect(isTravelDay(`${day}T00:00:00.000Z`)).toBe(true);
      }),
      RUNS,
    );
  });

  it('when a day in range comes as an ISO timestamp, then a body reads the day written before T and a query refuses it', () => {
    fc.assert(
      fc.property(dayInRange, timeAndZone, (day, time) => {
        expect(parsed(calendarDateSchema('The start date'), `${day}${time}`).data).toBe(`${day}T00:00:00.000Z`);
        expect(parsed(travelDaySchema('A quote’s start'), `${day}${time}`).data).toBe(day);
        expect(firstMessage(parsed(queryDateSchema('from'), `${day}${time}`))).toBe(
          'from must be a date written as YYYY-MM-DD.',
        );
      }),
      RUNS,
    );
  });

  it('when any real day out of range is sent, as a day or a timestamp, then it is refused with the range in the message', () => {
    fc.assert(
      fc.property(dayOutOfRange, fc.option(timeAndZone, { nil: '' }), (day, time) => {
        expect(checkTravelDate(`${day}${time}`)).toEqual({ problem: 'range' });
        expect(firstMessage(parsed(calendarDateSchema('The end date'), `${day}${time}`))).toBe(
          'The end date must be from 1900-01-01 to 2199-12-31.',
        );
        expect(firstMessage(parsed(queryDateSchema('to'), day))).toBe('to must be from 1900-01-01 to 2199-12-31.');
        expect(isTravelDay(`${day}T00:00:00.000Z`)).toBe(false);
      }),
      RUNS,
    );
  });

  it('when a date is not a day at all, then it is refused as a format problem', () => {
    for (const text of ['2030-02-30', '2030-13-01', '+010000-12-01', '10000-01-01', '2030-1-5', 'tomorrow', '']) {
      expect({ text, checked: checkTravelDate(text) }).toEqual({ text, checked: { problem: 'format' } });
    }
    expect(firstMessage(parsed(calendarDateSchema('The start date'), 20300101))).toBe(
      'The start date must be a date like 2025-01-05.',
    );
    // Absent, null and '' still mean "not set" in a body.
    expect(parsed(calendarDateSchema('The start date'), '').data).toBeNull();
    expect(parsed(calendarDateSchema('The start date'), null).data).toBeNull();
  });

  it('when a date was stored out of range (older data), then it reads as unset and its window as dates_invalid', () => {
    const stored = '+010000-12T00:00:00.000Z';
    expect(isTravelDay(stored)).toBe(false);
    expect(readableDate(stored)).toBeNull();
    expect(readableDate('2030-05-01T00:00:00.000Z')).toBe('2030-05-01T00:00:00.000Z');
    expect(datesInvalid({ trip_start: '2030-05-01T00:00:00.000Z', trip_end: stored })).toBe(true);
    expect(datesInvalid({ trip_start: '1899-12-31T00:00:00.000Z', trip_end: null })).toBe(true);
    expect(datesInvalid({ trip_start: '2030-05-01T00:00:00.000Z', trip_end: '2030-05-04T00:00:00.000Z' })).toBe(false);
    expect(datesInvalid({ trip_start: null, trip_end: null })).toBe(false);
  });
});

describe('strict query strings', () => {
  const limit = queryIntegerSchema('The limit must be a whole number from 1 to 50.', 1, 50);

  it('when an integer is written in decimal digits, then it is read; any other spelling is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (n) => {
        expect(parsed(limit, String(n)).data).toBe(n);
      }),
      RUNS,
    );
    for (const text of ['0x2', '1e1', '2.0', ' 3', '3 ', '+3', '-1', '0b1', 'Infinity', '', '0', '51']) {
      expect({ text, msg: firstMessage(parsed(limit, text)) }).toEqual({
        text,
        msg: 'The limit must be a whole number from 1 to 50.',
      });
    }
  });

  it('when a declared parameter comes as a list or an object, then 400 {msg}; empty values are absent; others are dropped', () => {
    const refused = (query: Record<string, unknown>) => {
      try {
        strictQuery(query, ['base', 'limit']);
      } catch (error) {
        return { status: (error as AppError).status, msg: (error as AppError).message };
      }
      return null;
    };
    expect(refused({ 'base[x]': '1' })).toEqual({ status: 400, msg: 'Give base once, as a single value.' });
    expect(refused({ 'base[]': 'EUR' })).toEqual({ status: 400, msg: 'Give base once, as a single value.' });
    expect(refused({ limit: ['1', '2'] })).toEqual({ status: 400, msg: 'Give limit once, as a single value.' });
    expect(strictQuery({ base: '', limit: '3', other: ['a', 'b'], 'x[y]': '1' }, ['base', 'limit'])).toEqual({
      limit: '3',
    });
  });
});

describe('calendar arithmetic (one home for day counts)', () => {
  it('moves a day across months, leap days and years, from a day or a timestamp', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2025-12-31T00:00:00.000Z', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('counts whole days between two days, negative when reversed', () => {
    expect(daysBetween('2024-02-27', '2024-03-01')).toBe(3);
    expect(daysBetween('2026-06-10T00:00:00.000Z', '2026-06-03')).toBe(-7);
    expect(daysBetween(addDays('2030-10-25', 40), '2030-10-25')).toBe(-40);
  });
  it('reads a stored timestamp as its calendar day', () => {
    expect(calendarDay('2026-06-03T00:00:00.000Z')).toBe('2026-06-03');
    expect(dayString(dayNumber('2199-12-31'))).toBe('2199-12-31');
  });
});
