// Presence per window (issue 40): who is there when, within the window's dates (by
// default everyone is there throughout). It changes how the window's cost is split by
// nights, never its total. Editors change it; everyone else reads it.
import { useState } from 'react';
import { FormError } from '../../components/Form';
import { errorMessage } from '../../lib/api';
import { formatMoney, toDateInput } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import { useCanEdit } from '../sharing';
import { useSetWindowFieldsMutation } from '../windows';
import { namesOf } from './names';
import './shares.css';

type Stays = Record<string, { from: string; to: string }>;

function staysOf(window: Instance, people: Trip['people']): Stays {
  const start = toDateInput(window.trip_start);
  const end = toDateInput(window.trip_end);
  return Object.fromEntries(
    people.map((person) => {
      const stay = window.presence?.[person._id];
      return [person._id, { from: toDateInput(stay?.from) || start, to: toDateInput(stay?.to) || end }];
    }),
  );
}

/** Only the people not there throughout: everyone else is left out (the default). */
function presenceOf(stays: Stays, window: Instance): Instance['presence'] {
  const start = toDateInput(window.trip_start);
  const end = toDateInput(window.trip_end);
  return Object.fromEntries(Object.entries(stays).filter(([, stay]) => stay.from !== start || stay.to !== end));
}

export default function PresenceEditor({ trip, window }: { trip: Trip; window: Instance }) {
  const editable = useCanEdit();
  const people = trip.people ?? [];
  const [stays, setStays] = useState<Stays>(() => staysOf(window, people));
  // A change from the server (this save's answer, another member's) shows unless this form was edited meanwhile.
  const fromServer = JSON.stringify(staysOf(window, people));
  const [seen, setSeen] = useState(fromServer);
  if (fromServer !== seen) {
    setSeen(fromServer);
    if (JSON.stringify(stays) === seen) setStays(JSON.parse(fromServer) as Stays);
  }
  const [save, { isLoading }] = useSetWindowFieldsMutation();
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const nameOf = namesOf(trip);
  if (people.length === 0 || !window.trip_start || !window.trip_end) return null;
  const shares = new Map((window.shares ?? []).map((share) => [share.person_id, share.amount]));
  const min = toDateInput(window.trip_start);
  const max = toDateInput(window.trip_end);
  return (
    <section className="panel presence" aria-labelledby="presence-heading">
      <h2 id="presence-heading">Who is there, and each one’s share</h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setError('');
          setSaid('');
          try {
            await save({
              tripId: trip._id,
              instanceId: window._id,
              fields: { presence: presenceOf(stays, window) },
            }).unwrap();
            setSaid('Saved');
          } catch (failure) {
            setError(errorMessage(failure, 'Who is there was not saved. Please try again.'));
          }
        }}
      >
        <table className="presence__table">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {people.map((person) => {
              const stay = stays[person._id];
              const set = (field: 'from' | 'to', value: string) =>
                setStays({ ...stays, [person._id]: { ...stay, [field]: value } });
              return (
                <tr key={person._id}>
                  <th scope="row">{nameOf(person._id)}</th>
                  {(['from', 'to'] as const).map((field) => (
                    <td key={field}>
                      <input
                        type="date"
                        aria-label={`${person.name} ${field === 'from' ? 'arrives' : 'leaves'}`}
                        value={stay[field]}
                        min={min}
                        max={max}
                        disabled={!editable}
                        onChange={(event) => set(field, event.target.value)}
                      />
                    </td>
                  ))}
                  <td>{shares.has(person._id) ? formatMoney(shares.get(person._id)!, trip.currency) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {editable && (
          <button type="submit" className="btn btn--secondary btn--sm" disabled={isLoading}>
            Save who is there
          </button>
        )}
        <span role="status" className="muted">
          {said}
        </span>
        <FormError message={error} />
      </form>
    </section>
  );
}
