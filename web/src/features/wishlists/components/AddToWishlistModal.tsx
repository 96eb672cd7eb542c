// Add-to-wishlist modal (docs/product.md §2, §4): existing lists as chips or a new list name.
// Choosing a chip clears and disables the name field; typing a name clears the choice;
// Save needs a chosen list or a non-blank name. A failure keeps the spec's fixed toast;
// the line under the form says why when the server told us (a name already taken, a
// full list), since "Please try again" would not help there.
import { FormActions, FormError } from '../../../components/Form';
import { TEXT_LIMITS, textLength } from '@tripcost/shared/domain';
import { LimitedTextField } from '../../../components/TextLimit';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../auth';
import { Modal } from '../../../components/Modal';
import { useAppDispatch } from '../../../lib/hooks';
import { showToast } from '../../../lib/toast';
import type { TripRef } from '../../../lib/types';
import { useAddTripToWishlistMutation, useCreateWishlistMutation, useGetWishlistsQuery } from '../api';

const SAVE_FAILED = 'Could not save to wishlist. Please try again.';
// docs/product.md §8 has a second wording for the one case of adding to an existing list.
const ADD_FAILED = 'Failed to add trip to wishlist. Please try again.';

/** The server's reason for a refusal the traveller can act on (4xx); none for an outage. */
function refusedBecause(failure: unknown): string | undefined {
  const status = (failure as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const msg = errorMessage(failure, '');
  return msg || undefined;
}

export function AddToWishlistModal({ trip, onClose }: { trip: TripRef; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const email = useCurrentUser()?.email ?? '';
  const { data: lists, isLoading, isError } = useGetWishlistsQuery(email, { skip: !email });
  const [createWishlist, createState] = useCreateWishlistMutation();
  const [addTrip, addState] = useAddTripToWishlistMutation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [error, setError] = useState('');
  const saving = createState.isLoading || addState.isLoading;
  const canSave =
    !saving && (selectedId !== null || (newName.trim() !== '' && textLength(newName) <= TEXT_LIMITS.wishlistName));

  function choose(id: string) {
    setError('');
    setNewName('');
    setSelectedId((current) => (current === id ? null : id));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    setError('');
    try {
      let listName: string;
      if (selectedId) {
        listName = lists?.find((l) => l._id === selectedId)?.list_name ?? '';
        await addTrip({ wishlistId: selectedId, trip }).unwrap();
      } else {
        listName = newName.trim();
        await createWishlist({ list_name: listName, trip, email }).unwrap();
      }
      dispatch(showToast({ type: 'success', message: `Trip has been added to ${listName}` }));
      onClose();
    } catch (failure) {
      setError(refusedBecause(failure) ?? SAVE_FAILED);
      dispatch(showToast({ type: 'error', message: selectedId ? ADD_FAILED : SAVE_FAILED }));
    }
  }

  return (
    <Modal title="Add to wishlist" onClose={onClose}>
      <form className="form" onSubmit={onSubmit}>
        <p className="muted">
          Save <strong>{trip.location_address}</strong> to a wishlist.
        </p>
        <fieldset className="fieldset">
          <legend>Your wishlists</legend>
          {isLoading && <p className="muted">Loading wishlists…</p>}
          {isError && <p className="form-error">Failed to load your wishlists.</p>}
          {lists && lists.length === 0 && <p className="muted">No wishlists yet</p>}
          {lists && lists.length > 0 && (
            <div className="chips">
              {lists.map((list) => (
                <button
                  key={list._id}
                  type="button"
                  className={`chip ${selectedId === list._id ? 'chip--selected' : ''}`}
                  aria-pressed={selectedId === list._id}
                  onClick={() => choose(list._id)}
                >
                  {list.list_name}
                </button>
              ))}
            </div>
          )}
        </fieldset>
        <LimitedTextField
          label="New list name"
          limitLabel="List name"
          max={TEXT_LIMITS.wishlistName}
          hint="Choose one of your lists above, or name a new one, to save."
          value={newName}
          disabled={selectedId !== null}
          placeholder="e.g. Summer 2026"
          onChange={(e) => {
            setError('');
            setSelectedId(null);
            setNewName(e.target.value);
          }}
        />
        <FormError message={error} />
        <FormActions onCancel={onClose} submitLabel={saving ? 'Saving…' : 'Save'} disabled={!canSave}>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setSelectedId(null);
              setNewName('');
              setError('');
            }}
          >
            Clear
          </button>
        </FormActions>
      </form>
    </Modal>
  );
}
