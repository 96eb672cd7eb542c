// Weather for a window's own dates: "Forecast" when the window is near, otherwise the
// typical weather for those calendar days with the years it averages. A card shows one
// line; the window's page shows every day. Without dates or an answer it says so.
import { NEEDS_CONNECTION, useIsOffline } from '../../../components/OfflineBanner';
import { formatShortDate, titleCase, toDateInput } from '../../../lib/format';
import { parseLocation } from '../../../lib/location';
import type { WindowWeather as WindowWeatherAnswer } from '../../../lib/types';
import { useGetWindowWeatherQuery } from '../api';
import './windows.css';

interface Props {
  location: string | undefined;
  start: string | null;
  end: string | null;
  /** One summary line (cards) instead of the day-by-day list (the window's page). */
  compact?: boolean;
}

export function weatherLabel(weather: WindowWeatherAnswer): string {
  if (weather.kind === 'forecast') return 'Forecast';
  return weather.years
    ? `Typical for these dates, ${weather.years.from}–${weather.years.to}`
    : 'Typical for these dates';
}

const degrees = (value: number) => `${Math.round(value)}°C`;

export function WindowWeather({ location, start, end, compact = false }: Props) {
  const { city, state, country } = parseLocation(location);
  const [from, to] = [toDateInput(start), toDateInput(end)];
  const ready = Boolean(city && from && to && from <= to);
  const offline = useIsOffline();
  const { data, isLoading, isError } = useGetWindowWeatherQuery(
    { city, state, country, start: from, end: to },
    { skip: !ready || offline },
  );

  let content;
  if (!ready) content = <p className="muted">Add both dates to see the weather for this window.</p>;
  else if (offline) content = <p className="muted">{NEEDS_CONNECTION}</p>;
  else if (isLoading) content = <p className="muted">Loading weather…</p>;
  else if (isError || !data || data.days.length === 0)
    content = <p className="muted">Weather for these dates is unavailable right now.</p>;
  else if (compact) {
    const low = Math.min(...data.days.map((day) => day.min));
    const high = Math.max(...data.days.map((day) => day.max));
    content = (
      <p>
        <span className="window-weather__label">{weatherLabel(data)}:</span> {degrees(low)} to {degrees(high)}
      </p>
    );
  } else {
    content = (
      <>
        <p className="window-weather__label">{weatherLabel(data)}</p>
        <ul className="window-weather__days" aria-label="Daily weather">
          {data.days.map((day) => (
            <li key={day.date}>
              <span>{formatShortDate(`${day.date}T00:00:00.000Z`)}</span>
              <span>
                {degrees(day.min)} to {degrees(day.max)}
              </span>
              {day.description && <span className="muted">{titleCase(day.description)}</span>}
            </li>
          ))}
        </ul>
      </>
    );
  }

  if (compact) return <div className="window-weather window-weather--compact">{content}</div>;
  return (
    <section className="panel window-weather" aria-labelledby="window-weather-heading">
      <h2 id="window-weather-heading" className="panel__title">
        Weather for these dates
      </h2>
      {content}
    </section>
  );
}
