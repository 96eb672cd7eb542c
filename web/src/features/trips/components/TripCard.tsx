// Trip card (docs/product.md §2, §4 "Trip cards"): image, dates, location, its figure (the plan, else the
// cheapest window with how many there are; "Needs attention" only when something does), View and Delete,
// favourite heart. The figure is the shared core's cardFigure (ADR 0063).
import { Link } from 'react-router-dom';
import { cardFigure, cardRole, type CardFigure } from '@tripcost/shared/domain';
import { CostBadge } from '../../../components/CostBadge';
import { SmartImage } from '../../../components/SmartImage';
import { formatDateRange, formatMoney } from '../../../lib/format';
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

/** The dates a card shows, or null when it has none to show (never "Not set – Not set"). */
function cardDates(start: string | null | undefined, end: string | null | undefined): string | null {
  return start || end ? formatDateRange(start, end) : null;
}

const ATTENTION: Record<Extract<CardFigure, { kind: 'attention' }>['reason'], (committed: boolean) => string> = {
  unpriced: (committed) => (committed ? 'The plan has no prices yet' : 'The cheapest window has no prices yet'),
  none_compared: () => 'Every window is eliminated or has dates to fix',
};

/** The card's figure in words: the plan's total, the cheapest window's with the count, or what is missing. */
function Figure({ trip, figure }: { trip: TripSummary; figure: CardFigure }) {
  switch (figure.kind) {
    case 'plan':
      return (
        <>
          <CostBadge amount={figure.total} currency={trip.currency} />
          <PerPerson trip={trip} />
        </>
      );
    case 'cheapest':
      return (
        <p className="trip-card__figure">
          <span className="badge badge--cost">{formatMoney(figure.total, trip.currency)}</span>{' '}
          <span className="muted">
            {figure.windows > 1 ? `cheapest of ${figure.windows} windows` : '1 window'}
            {figure.stale ? ' · prices to re-check' : ''}
          </span>
        </p>
      );
    case 'empty':
      return <p className="trip-card__figure muted">No windows yet: add dates to compare</p>;
    default:
      return (
        <p className="trip-card__figure">
          <span className="badge badge--warning">Needs attention</span>{' '}
          <span className="muted">{ATTENTION[figure.reason](trip.committed)}</span>
        </p>
      );
  }
}

export function TripCard<T extends Trip>({ trip, onDelete, onToggleFavorite, busy }: TripCardProps<T>) {
  const place = trip.location_address || 'Unnamed trip';
  const figure = trip.costs_hidden ? null : cardFigure(trip);
  const dates =
    figure?.kind === 'cheapest' ? cardDates(figure.start, figure.end) : cardDates(trip.trip_start, trip.trip_end);
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
        {dates && <p className="trip-card__dates">{dates}</p>}
        <h3 className="trip-card__title">{place}</h3>
        <RoleBadge role={cardRole(trip)} ownerName={trip.owner_name} />
        {figure === null || trip.costs_hidden ? (
          <p className="costs-hidden">Costs are hidden by the owner</p>
        ) : (
          <Figure trip={trip} figure={figure} />
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
