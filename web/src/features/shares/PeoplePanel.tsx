// The People panel (issue 40): the trip's travellers by name, who has an account (a member)
// and the currency each one settles in. Owners and editors add someone by name, add a
// member from the trip's members (they are not added automatically), rename, remove and
// choose a settle currency; each change saves the whole list (the route replaces it) with
// the trip's version, so a change made elsewhere meanwhile is merged or asked about like
// the other trip settings. A person an item or a payment names cannot be removed: the
// server's 409 says so and the list stays.
import { TEXT_LIMITS, textLength } from '@tripcost/shared/domain';
import { useState } from 'react';
import { FormError } from '../../components/Form';
import { LimitedTextField } from '../../components/TextLimit';
import { errorMessage } from '../../lib/api';
import type { Trip } from '../../lib/types';
import { CurrencyPicker } from '../currencies';
import { useCanEdit } from '../sharing';
import { useSaveTripSettingsMutation, type TripSettingsChange } from '../trips';
import { MyLimit } from './MyLimit';
import './shares.css';

type Person = Trip['people'][number];
type PersonInput = NonNullable<TripSettingsChange['people']>[number];

const inputOf = (person: Person): PersonInput => ({
  _id: person._id,
  name: person.name,
  user_id: person.user_id,
  settle_currency: person.settle_currency,
});

function usePeopleSave(trip: Trip) {
  const [save, { isLoading }] = useSaveTripSettingsMutation();
  const [error, setError] = useState('');
  async function savePeople(people: PersonInput[]): Promise<boolean> {
    setError('');
    try {
      await save({ tripId: trip._id, version: trip.version, base: trip, people }).unwrap();
      return true;
    } catch (failure) {
      setError(errorMessage(failure, 'The people were not saved. Please try again.'));
      return false;
    }
  }
  return { savePeople, busy: isLoading, error };
}

function PersonRow({
  person,
  trip,
  editable,
  change,
  remove,
  busy,
}: {
  person: Person;
  trip: Trip;
  editable: boolean;
  change: (next: PersonInput) => void;
  remove: () => void;
  busy: boolean;
}) {
  const settle = person.settle_currency ?? trip.currency;
  // The picker (every currency) opens on demand: a list of people stays short to read.
  const [choosing, setChoosing] = useState(false);
  return (
    <li className="people__person">
      <span className="people__name">{person.name}</span>
      <span className="muted people__account">{person.user_id ? 'has an account' : 'no account'}</span>
      <span className="muted">settles in {settle}</span>
      {editable && choosing && (
        <CurrencyPicker
          label={`Settle ${person.name} in`}
          value={settle}
          disabled={busy}
          onChange={(code) => {
            setChoosing(false);
            change({ ...inputOf(person), settle_currency: code === trip.currency ? null : code });
          }}
        />
      )}
      {editable && (
        <>
          {!choosing && (
            <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={() => setChoosing(true)}>
              Settle currency <span className="sr-only">of {person.name}</span>
            </button>
          )}
          <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={remove}>
            Remove <span className="sr-only">{person.name}</span>
          </button>
        </>
      )}
    </li>
  );
}

function AddPerson({ add, busy }: { add: (name: string) => Promise<boolean>; busy: boolean }) {
  const [name, setName] = useState('');
  // Over its limit the field says so and keeps every character; the form waits (ADR 0064).
  const over = textLength(name) > TEXT_LIMITS.personName;
  return (
    <form
      className="people__add"
      onSubmit={async (event) => {
        event.preventDefault();
        if (name.trim() && !over && (await add(name.trim()))) setName('');
      }}
    >
      <LimitedTextField
        label="Name"
        limitLabel="A person’s name"
        max={TEXT_LIMITS.personName}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="btn btn--secondary btn--sm" disabled={busy || !name.trim() || over}>
        Add person
      </button>
    </form>
  );
}

export default function PeoplePanel({ trip }: { trip: Trip }) {
  const editable = useCanEdit();
  const { savePeople, busy, error } = usePeopleSave(trip);
  const people = trip.people ?? [];
  const listed = new Set(people.map((person) => person.user_id).filter(Boolean));
  const offered = (trip.members ?? []).filter((member) => !listed.has(member.user_id));
  const current = people.map(inputOf);
  return (
    <section className="panel people" aria-labelledby="people-heading">
      <h2 id="people-heading">People</h2>
      {people.length === 0 ? (
        <p className="muted">
          No one is named yet: costs are shared equally by {trip.travelers ?? 1} traveller(s). Name the people to see
          each one’s share and settle up.
        </p>
      ) : (
        <ul className="people__list" aria-label="People on this trip">
          {people.map((person, index) => (
            <PersonRow
              key={person._id}
              person={person}
              trip={trip}
              editable={editable}
              busy={busy}
              change={(next) => void savePeople(current.map((p, i) => (i === index ? next : p)))}
              remove={() => void savePeople(current.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
      {editable && (
        <>
          {offered.length > 0 && (
            <p className="people__offer">
              <span className="muted">Members not named yet: </span>
              {offered.map((member) => (
                <button
                  key={member.user_id}
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={busy}
                  onClick={() => void savePeople([...current, { name: member.name, user_id: member.user_id }])}
                >
                  Add {member.name}
                </button>
              ))}
            </p>
          )}
          <AddPerson busy={busy} add={(name) => savePeople([...current, { name }])} />
        </>
      )}
      <FormError message={error} />
      <MyLimit trip={trip} />
    </section>
  );
}
