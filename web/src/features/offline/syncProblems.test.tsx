// The sync strip's problems (ADR 0038) as a traveller reads them: a plan changed on both
// sides names the windows, and a wishlist rename that could not be applied says why and
// can be copied as text.
import { screen } from '@testing-library/react';
import { instance, trip } from '../../../test/fixtures';
import { ME, renderApp } from '../../../test/render';
import type { QueuedChange } from '../../lib/offline/changeQueue';
import { tripsApi } from '../trips/api';
import SyncProblems from './SyncProblems';

const june = instance({ label: 'Early June' });
const july = instance({ label: '', trip_start: '2031-07-01T00:00:00.000Z', trip_end: '2031-07-05T00:00:00.000Z' });
const plan = trip({ instances: [june, july] });

const planConflict: QueuedChange = {
  key: 'change|1',
  userId: ME._id,
  tripId: plan._id,
  version: 4,
  base: { 'trip:committed': null },
  mine: { 'trip:committed': july._id },
  queuedAt: 0,
  conflict: {
    conflicts: [{ key: 'trip:committed', base: null, mine: july._id, theirs: june._id }],
    resend: {},
    version: 5,
  },
  versions: { theirs: { 'trip:committed': june._id }, mine: { 'trip:committed': july._id } },
};

const rename: QueuedChange = {
  key: 'change|2',
  userId: ME._id,
  tripId: '',
  base: {},
  mine: {},
  queuedAt: 0,
  request: { url: '/wishlist/editlist/64d00000000000000000000a', method: 'PUT', body: { name: 'Beach' } },
  failed: 'You already have a list named Beach',
};

it('when the plan changed on both sides, then the view names the windows side by side; a rename that collided shows its reason and the change as text', async () => {
  const { store } = renderApp('/', undefined, <SyncProblems conflicts={[planConflict]} failed={[rename]} />);
  await store.dispatch(tripsApi.util.upsertQueryData('getTrip', plan._id, plan));
  expect(await screen.findByText('The plan changed while you were offline')).toBeInTheDocument();
  const row = screen.getByRole('row', { name: /Plan \(committed window\)/ });
  expect(row).toHaveTextContent('Early June');
  expect(row).toHaveTextContent('2031-07-01 – 2031-07-05');
  expect(screen.getByRole('button', { name: 'Keep mine' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('You already have a list named Beach');
  expect(screen.getByRole('alert')).toHaveTextContent('PUT /wishlist/editlist/64d00000000000000000000a');
  expect(screen.getByRole('alert')).toHaveTextContent('"name": "Beach"');
  expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
});
