// Pulsing placeholders shown while lists load (docs/product.md §9: 6 for trips, 3 for wishlists).
import './skeleton.css';

export function SkeletonCards({ count, label }: { count: number; label: string }) {
  return (
    <div className="card-grid" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card skeleton-card" data-testid="skeleton-card">
          <div className="skeleton skeleton--image" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}
