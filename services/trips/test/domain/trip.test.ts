// The pure rules: derived locations, totals and the views the API returns.
import { newId } from '@tripcost/shared';
import {
  deriveTripLocation,
  totalCost,
  tripSnapshot,
  tripView,
  NO_DATES_OR_EXPENSES,
  type TripRecord,
} from '../../src/trip';

describe('trip views', () => {
  it('when a stored trip is shown, then totals and its version are added and the pending outbox is not', () => {
    const trip = {
      _id: newId(),
      user_id: newId(),
      user_email: 'a@example.test',
      location_address: 'X',
      trip_location: 'X',
      image_url: '',
      ...NO_DATES_OR_EXPENSES,
      stay_expense: 10.1,
      isFavorite: false,
      instances: [],
      committedInstanceId: null,
      created_at: '2030-01-01T00:00:00.000Z',
      updated_at: '2030-01-02T00:00:00.000Z',
      version: 3,
      outbox: [],
    } as unknown as TripRecord;
    const view = tripView(trip);
    expect(view).toMatchObject({ total_cost: 10.1, version: 3 });
    expect(view).not.toHaveProperty('outbox');
  });

  it('when an old trip stored an expense as text, then its page and the event other services receive show one total', () => {
    // Before the money core the view counted numeric text as 0 while the event (and the
    // web's trip cards) counted it: $10.10 on the page, $22.60 on the wishlist.
    const trip = {
      _id: newId(),
      user_id: newId(),
      user_email: 'a@example.test',
      location_address: 'X',
      trip_location: 'X',
      image_url: '',
      ...NO_DATES_OR_EXPENSES,
      stay_expense: 10.1,
      travel_expense: '12.50',
      isFavorite: false,
      instances: [],
      committedInstanceId: null,
      created_at: '2030-01-01T00:00:00.000Z',
      updated_at: '2030-01-02T00:00:00.000Z',
      version: 3,
    } as unknown as TripRecord;
    expect(tripView(trip).total_cost).toBe(22.6);
    expect(tripSnapshot(trip).total_cost).toBe(22.6);
  });
});

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
