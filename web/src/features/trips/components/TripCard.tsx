// Trip card (docs/product.md §2): image, date range, location, cost badge, View and Delete, favourite heart.
import { Link } from 'react-router-dom';
import { cardRole } from '@tripcost/shared/domain';
import { CostBadge } from '../../../components/CostBadge';
import { SmartImage } from '../../../components/SmartImage';
import { formatDateRange } from '../../../lib/format';
import { PerPerson } from './PerPerson';
import { RoleBadge } from '../../sharing';
import type { TripSummary, TripSummaryCostsHidden } from '../../../lib/types';
import './tripLists.css';

/** A card's trip: a viewer of hidden costs gets it without any figure (costs_hidden). */
type Trip = TripSummary | TripSummaryCostsHidden;

interface TripCardProps<T extends Trip> {
  trip: T;
  onDelete?: (trip: T) => void;
  onToggleFavorite?: (trip: T) => void;
  busy?: boolean;
}

export function TripCard<T extends Trip>({ trip, onDelete, onToggleFavorite, busy }: TripCardProps<T>) {
  const place = trip.location_address || 'Unnamed trip';
  return (
    <article className="card trip-card" aria-label={place}>
      <div className="trip-card__media">
        <SmartImage src={trip.image_url} alt={`Photo of ${place}`} loading="lazy" />
        {onToggleFavorite && (
          <button
            type="button"
            className={`heart ${trip.isFavorite ? 'heart--on' : ''}`}
            aria-pressed={trip.isFavorite === true}
            aria-label={trip.isFavorite ? `Remove ${place} from favorites` : `Add ${place} to a wishlist`}
            disabled={busy}
            onClick={() => onToggleFavorite(trip)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
              <path d="M12 21s-7.5-4.6-9.5-9.2C1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.6h2C14 6.1 15.4 5 17.4 5 20.8 5 23 8.4 21.5 11.8 19.5 16.4 12 21 12 21z" />
            </svg>
          </button>
        )}
      </div>
      <div className="card__body">
        <p className="trip-card__dates">{formatDateRange(trip.trip_start, trip.trip_end)}</p>
        <h3 className="trip-card__title">{place}</h3>
        <RoleBadge role={cardRole(trip)} ownerName={trip.owner_name} />
        {trip.costs_hidden ? (
          <p className="costs-hidden">Costs are hidden by the owner</p>
        ) : (
          <>
            <CostBadge amount={trip.total_cost} currency={trip.currency} />
            <PerPerson trip={trip} />
          </>
        )}
        <div className="card__actions">
          <Link className="btn btn--secondary btn--sm" to={`/trips/${trip._id}`} aria-label={`View ${place}`}>
            View
          </Link>
          {onDelete && cardRole(trip) === 'owner' && (
            <button
              type="button"
              className="btn btn--ghost-danger btn--sm"
              aria-label={`Delete ${place}`}
              disabled={busy}
              onClick={() => onDelete(trip)}
            >
              Delete
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
