// 'Current Weather' (docs/product.md §2): title-cased description, °C with one decimal, an icon by description.
import { NEEDS_CONNECTION, useIsOffline } from '../../../components/OfflineBanner';
import { useEffect } from 'react';
import { titleCase } from '../../../lib/format';
import { parseLocation } from '../../../lib/location';
import { useGetWeatherQuery } from '../api';
import './tripPanels.css';

export function weatherIcon(description: string): string {
  const d = description.toLowerCase();
  if (d.includes('thunder')) return '⛈️';
  if (d.includes('clear')) return '☀️';
  if (d.includes('snow')) return '❄️';
  if (d.includes('rain') || d.includes('drizzle')) return '🌧️';
  if (d.includes('cloud')) return '☁️';
  return '☁️';
}

export function WeatherPanel({ location }: { location: string }) {
  const parts = parseLocation(location);
  const offline = useIsOffline();
  const { data, isLoading, error } = useGetWeatherQuery(parts, { skip: !parts.city || offline });

  useEffect(() => {
    // A 503 is the server's documented "not configured / not available" answer (no key, or the
    // provider unreachable; the server logs it): a known state the panel shows, not a fault of
    // this page. Anything else (a network error, a bad answer) is still worth the console.
    if (error && !('status' in error && error.status === 503)) console.error('Weather request failed', error);
  }, [error]);

  const description = data?.weather?.[0]?.description;
  const temp = data?.main?.temp;
  const usable = typeof description === 'string' && typeof temp === 'number';

  return (
    <section className="panel" aria-labelledby="weather-heading">
      <h2 id="weather-heading" className="panel__title">
        Current Weather
      </h2>
      {isLoading ? (
        <p className="muted">Loading weather...</p>
      ) : usable ? (
        <div className="weather">
          <span className="weather__icon" aria-hidden="true">
            {weatherIcon(description)}
          </span>
          <div>
            <p className="weather__temp">{temp.toFixed(1)}°C</p>
            <p className="weather__desc">{titleCase(description)}</p>
          </div>
        </div>
      ) : (
        <p className="muted">{offline ? NEEDS_CONNECTION : 'Weather data unavailable'}</p>
      )}
    </section>
  );
}
