// A person's name from their id, as the trip names them (a removed person: "Someone no longer on the trip").
import type { Trip } from '../../lib/types';

export type NameOf = (personId: string) => string;

export function namesOf(trip: Pick<Trip, 'people'>): NameOf {
  const names = new Map((trip.people ?? []).map((person) => [person._id, person.name]));
  return (personId) => names.get(personId) ?? 'Someone no longer on the trip';
}
