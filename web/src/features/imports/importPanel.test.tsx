import { fireEvent, screen } from '@testing-library/react';
import type { Trip } from '../../lib/types';
import { renderApp } from '../../../test/render';
import ImportPanel from './components/ImportPanel';

const trip = { _id: 'a'.repeat(24), instances: [], currency: 'EUR' } as unknown as Trip;
const file = (name: string, bytes = 10) => new File(['x'.repeat(bytes)], name, { type: 'text/plain' });

describe('the import panel', () => {
  it('when more files are chosen than one import takes, then it keeps 10 and says how many were left out', async () => {
    renderApp('/', undefined, <ImportPanel trip={trip} onClose={() => undefined} />);
    const input = screen.getByLabelText('Confirmation files');
    fireEvent.change(input, { target: { files: Array.from({ length: 12 }, (_, i) => file(`booking-${i}.txt`)) } });
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('status')).toHaveTextContent('at most 10 files at once: 2 not added.');
  });

  it('when a file is over 5 MB, then it is not added and the panel names it', async () => {
    renderApp('/', undefined, <ImportPanel trip={trip} onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Confirmation files'), {
      target: { files: [file('huge.pdf', 5 * 1024 * 1024 + 1), file('small.eml')] },
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['small.eml']);
    expect(screen.getByRole('status')).toHaveTextContent('huge.pdf is over 5 MB.');
  });

  it('when the pasted text is over 5 MB, then it is kept whole, refused at the field, and not sent', async () => {
    renderApp('/', undefined, <ImportPanel trip={trip} onClose={() => undefined} />);
    const pasted = 'y'.repeat(5 * 1024 * 1024 + 1);
    const box = screen.getByLabelText('Or paste a confirmation') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: pasted } });
    expect(box.value).toHaveLength(pasted.length);
    expect(screen.getByRole('alert')).toHaveTextContent('The pasted text is over 5 MB.');
    expect(screen.getByRole('button', { name: 'Read bookings' })).toBeDisabled();
  });
});
