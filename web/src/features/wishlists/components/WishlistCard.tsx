// Wishlist card: name, trip count, at most 3 preview images (docs/product.md §9), inline rename.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SmartImage } from '../../../components/SmartImage';
import type { Wishlist } from '../../../lib/types';
import { RenameWishlistForm } from './RenameWishlistForm';
import './wishlistCard.css';

const PREVIEW_COUNT = 3;

export function WishlistCard({
  wishlist,
  onDelete,
  busy,
}: {
  wishlist: Wishlist;
  onDelete?: (w: Wishlist) => void;
  busy?: boolean;
}) {
  const [renaming, setRenaming] = useState(false);
  const previews = wishlist.trips.slice(0, PREVIEW_COUNT);
  const count = wishlist.trips.length;
  return (
    <article className="card wishlist-card" aria-label={`Wishlist ${wishlist.list_name}`}>
      <div className={`wishlist-card__previews wishlist-card__previews--${Math.max(previews.length, 1)}`}>
        {previews.length === 0 ? (
          <SmartImage src="" alt="" />
        ) : (
          previews.map((t) => (
            <SmartImage key={t._id} src={t.image_url} alt={t.location_address ?? ''} loading="lazy" />
          ))
        )}
      </div>
      <div className="card__body">
        {renaming ? (
          <RenameWishlistForm wishlist={wishlist} onDone={() => setRenaming(false)} />
        ) : (
          <h3 className="wishlist-card__title">{wishlist.list_name}</h3>
        )}
        <p className="muted">
          {count} {count === 1 ? 'trip' : 'trips'}
        </p>
        <div className="card__actions">
          <Link
            className="btn btn--secondary btn--sm"
            to={`/wishlist-detail/${wishlist._id}`}
            aria-label={`Open wishlist ${wishlist.list_name}`}
          >
            Open
          </Link>
          {!renaming && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={`Rename wishlist ${wishlist.list_name}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </button>
          )}
          {onDelete && (
            <button
              type="button"
              className="btn btn--ghost-danger btn--sm"
              disabled={busy}
              aria-label={`Delete wishlist ${wishlist.list_name}`}
              onClick={() => onDelete(wishlist)}
            >
              Delete
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
