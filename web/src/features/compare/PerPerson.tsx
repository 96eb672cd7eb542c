// The Compare board's per-person view (issue 40): each person's share of every window
// side by side, the caller's own row marked "your share", and, once a member set a
// private limit, whether each window is within everyone's limit (never whose, or how
// much). Every figure is the server's: the shares it apportioned to the cent.
import { formatMoney } from '../../lib/format';
import type { Instance, Trip } from '../../lib/types';
import { windowName } from '../windows';

export function PerPersonShares({ trip, windows }: { trip: Trip; windows: Instance[] }) {
  const people = trip.people ?? [];
  if (people.length === 0 || windows.length === 0) return null;
  const sharesOf = windows.map(
    (window) => new Map((window.shares ?? []).map((share) => [share.person_id, share.amount])),
  );
  const limited = windows.some((window) => window.within_limits !== undefined);
  const mine = windows.some((window) => window.my_share !== null && window.my_share !== undefined);
  return (
    <div className="compare__scroll" role="region" aria-label="Each person’s share" tabIndex={0}>
      <table className="compare__table compare__people">
        <caption>Each person’s share of every window ({trip.currency})</caption>
        <thead>
          <tr>
            <th scope="col">Person</th>
            {windows.map((window) => (
              <th key={window._id} scope="col">
                {windowName(window)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {mine && (
            <tr className="compare__mine">
              <th scope="row">Your share</th>
              {windows.map((window) => (
                <td key={window._id}>
                  {window.my_share === null || window.my_share === undefined
                    ? '—'
                    : formatMoney(window.my_share, trip.currency)}
                </td>
              ))}
            </tr>
          )}
          {people.map((person) => (
            <tr key={person._id}>
              <th scope="row">{person.name}</th>
              {sharesOf.map((shares, index) => (
                <td key={windows[index]._id}>
                  {shares.has(person._id) ? formatMoney(shares.get(person._id)!, trip.currency) : '—'}
                </td>
              ))}
            </tr>
          ))}
          {limited && (
            <tr>
              <th scope="row">Within everyone’s limit</th>
              {windows.map((window) => (
                <td key={window._id}>{window.within_limits ? 'Yes' : 'No'}</td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
