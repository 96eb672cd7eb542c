// The cost item a reservation becomes never breaks trips' text limits: trips would refuse
// the whole apply (400) for one long name or code.
import { TEXT_LIMITS } from '@tripcost/shared';
import { itemOf } from '../src/domain/apply';
import type { Reservation } from '../src/domain/reservation';

const reservation = (fields: Partial<Reservation>): Reservation =>
  ({
    kind: 'lodging',
    provider: 'Fixture Stays',
    name: 'Hotel Fixture Lisbon',
    start: '2027-06-09',
    end: '2027-06-14',
    location: 'Lisbon',
    source: { file: 'a.html', method: 'json-ld' },
    ...fields,
  }) as Reservation;

describe('itemOf', () => {
  it('when the name is longer than trips keeps, then it is shortened with an ellipsis, within the limit', () => {
    const item = itemOf(reservation({ name: 'Grand '.repeat(40) }), 'stay');
    expect(item.name.length).toBe(TEXT_LIMITS.itemName);
    expect(item.name.endsWith('…')).toBe(true);
    expect(item.name.startsWith('Fixture Stays · Grand Grand')).toBe(true);
  });

  it('when the confirmation is longer than trips keeps, then it is left out rather than cut into a wrong code', () => {
    expect(itemOf(reservation({ confirmation: 'X'.repeat(TEXT_LIMITS.itemConfirmation) }), 'stay').confirmation).toBe(
      'X'.repeat(TEXT_LIMITS.itemConfirmation),
    );
    expect(
      itemOf(reservation({ confirmation: 'X'.repeat(TEXT_LIMITS.itemConfirmation + 1) }), 'stay').confirmation,
    ).toBe('');
  });

  it('when no estimate choice is given, then the booking replaces the typed estimate', () => {
    expect(itemOf(reservation({}), 'stay').estimate).toBe('replace');
    expect(itemOf(reservation({}), 'stay', 'keep').estimate).toBe('keep');
  });
});
