// The trip page's Current Weather and Suggestions panels, a chunk of their own: what they
// show comes from the network after the page anyway, so they need not be in its first
// load (the /trips/:tripId route stays under its 150 KiB budget, ADR 0022).
import { SuggestionsPanel } from './SuggestionsPanel';
import { WeatherPanel } from './WeatherPanel';

export default function TripPanels({ location }: { location: string }) {
  return (
    <>
      <WeatherPanel location={location} />
      <SuggestionsPanel location={location} />
    </>
  );
}
