// 'Suggestions' (docs/product.md §2): the first 5 lines of the fun-places text.
import { NEEDS_CONNECTION, useIsOffline } from '../../../components/OfflineBanner';
import { useEffect } from 'react';
import { useGetFunPlacesQuery } from '../api';
import './tripPanels.css';

const MAX_LINES = 5;

export function SuggestionsPanel({ location }: { location: string }) {
  const offline = useIsOffline();
  const { data, isLoading, error } = useGetFunPlacesQuery(location, { skip: !location || offline });

  useEffect(() => {
    if (error) console.error('Suggestions request failed', error);
  }, [error]);

  const lines =
    typeof data?.funPlaces === 'string'
      ? data.funPlaces
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .slice(0, MAX_LINES)
      : [];

  return (
    <section className="panel" aria-labelledby="suggestions-heading">
      <h2 id="suggestions-heading" className="panel__title">
        Suggestions
      </h2>
      {isLoading ? (
        <p className="muted">Loading suggestions...</p>
      ) : lines.length > 0 ? (
        <ul className="suggestions">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{offline ? NEEDS_CONNECTION : 'Suggestions unavailable'}</p>
      )}
    </section>
  );
}
