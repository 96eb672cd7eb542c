// The pure rules: derived locations, totals, and what an event failure does.
import type { EventPublisher } from '@tripcost/shared';
import { newId } from '@tripcost/shared';
import pino from 'pino';
import { deriveTripLocation, totalCost, tripView, NO_DATES_OR_EXPENSES, type TripRecord } from '../../src/domain/trip';
import { tripEvents } from '../../src/jobs/trip-events';

describe('trip rules', () => {
  it.each([
    ['1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA', 'Mountain View, CA, USA'],
    ['Austin, TX, USA', 'Austin, TX, USA'],
    ['Paris, France', 'Paris, France'],
    [' Tokyo ', 'Tokyo'],
    ['Rua Augusta, 1100-048 Lisboa, Lisbon, Portugal', '1100-048 Lisboa, Lisbon, Portugal'],
    ['Somewhere, 75001, France', 'Somewhere, France'],
  ])('when the address is %j, then the location is %j', (address, location) => {
    expect(deriveTripLocation(address)).toBe(location);
  });

  it('when expenses are summed, then in cents, treating absent or non-numeric as 0', () => {
    expect(totalCost({ stay_expense: 0.1, travel_expense: 0.2, car_expense: undefined, other_expense: 'x' })).toBe(0.3);
    expect(totalCost({ stay_expense: 1e9, travel_expense: 1e9, car_expense: 1e9, other_expense: 1e9 })).toBe(4e9);
  });
});

describe('trip events', () => {
  it('when publishing keeps failing, then it is retried, a warning is logged, and nothing is thrown', async () => {
    let attempts = 0;
    const failing: EventPublisher = {
      publish: async () => {
        attempts++;
        throw new Error('redis down');
      },
      close: async () => undefined,
    };
    const lines: { msg: string; event: string }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const events = tripEvents(failing, logger);
    const trip: TripRecord = {
      _id: newId(),
      user_id: newId(),
      user_email: 'a@example.test',
      location_address: 'X',
      trip_location: 'X',
      image_url: '',
      ...NO_DATES_OR_EXPENSES,
      isFavorite: false,
      instances: [],
      committedInstanceId: null,
      created_at: '',
      updated_at: '',
    };
    events.updated(trip);
    await events.drain();
    expect(attempts).toBe(3);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'event not published; the stored change stands', event: 'trip.updated' }),
    ]);
  });
});
