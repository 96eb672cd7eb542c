// The pure rules: derived locations, totals and the views the API returns.
import { newId } from '@tripcost/shared';
import { deriveTripLocation, totalCost, tripView, NO_DATES_OR_EXPENSES, type TripRecord } from '../../src/domain/trip';

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
