// Inline rename of a wishlist: the title becomes a field; Enter or Save renames, Escape
// or Cancel leaves it as it was. A name over 60 characters is counted and refused at the
// field (TextLimit); the server's other rules (not empty, unique per user) come back as
// its message, shown beside the field.
import { FormActions, FormError } from '../../../components/Form';
import { LimitedTextField } from '../../../components/TextLimit';
import { TEXT_LIMITS } from '@tripcost/shared/domain';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import type { Wishlist } from '../../../lib/types';
import { useRenameWishlistMutation } from '../listEditsApi';

/** The server's limit (shared with the wishlists service). */
export const LIST_NAME_MAX = TEXT_LIMITS.wishlistName;

export function RenameWishlistForm({ wishlist, onDone }: { wishlist: Wishlist; onDone: () => void }) {
  const [name, setName] = useState(wishlist.list_name);
  const [error, setError] = useState('');
  const [renameWishlist, { isLoading }] = useRenameWishlistMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading || !(event.currentTarget as HTMLFormElement).checkValidity()) return;
    const trimmed = name.trim();
    if (!trimmed) return setError('Please enter a list name.');
    if (trimmed === wishlist.list_name) return onDone();
    try {
      await renameWishlist({ wishlistId: wishlist._id, name: trimmed }).unwrap();
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to rename the list. Please try again.'));
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') onDone();
  }

  return (
    <form className="rename-form" onSubmit={onSubmit} aria-label={`Rename wishlist ${wishlist.list_name}`}>
      <LimitedTextField
        label="List name"
        hideLabel
        max={LIST_NAME_MAX}
        value={name}
        autoFocus
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setName(e.target.value);
          setError('');
        }}
        onKeyDown={onKeyDown}
      />
      <FormError message={error} />
      <FormActions
        className="card__actions"
        small
        submitFirst
        onCancel={onDone}
        submitLabel="Save"
        busy={isLoading && 'Saving…'}
      />
    </form>
  );
}
