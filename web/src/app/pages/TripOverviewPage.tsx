// Trip overview (docs/product.md §2): hero, weather, suggestions and the trip's instances.
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { TripHero } from '../../components/TripHero';
import { rememberedView } from '../../features/instances/compare';
import { InstanceGrid, preloadCompareChart } from '../../features/instances/components/InstanceGrid';
import { useGetTripQuery } from '../../features/trips/api';
import { SuggestionsPanel } from '../../features/trips/components/SuggestionsPanel';
import { TripSettings } from '../../features/trips/components/TripSettings';
import { WeatherPanel } from '../../features/trips/components/WeatherPanel';
import { costsHidden, HiddenCostsTrip, SharePanel } from '../../features/sharing';
import type { Trip, TripCostsHidden } from '../../lib/types';
import { digitsOf, formatMoney } from '../../lib/format';
import { totalCost } from '@tripcost/shared/domain';
import './tripOverview.css';

export default function TripOverviewPage() {
  const { tripId = '' } = useParams();
  const { data: trip, isLoading, isError } = useGetTripQuery(tripId);
  // A trip last seen as Compare loads its chart alongside the trip, not after it.
  useEffect(() => {
    if (rememberedView(tripId) === 'compare') preloadCompareChart();
  }, [tripId]);

  if (isLoading) return <p className="page-message">Loading trip details...</p>;
  if (isError || !trip) {
    return (
      <main className="page page-message">
        <p className="page-message__title">Trip not found</p>
        <Link to="/explore" className="btn btn--primary">
          Return to Explore
        </Link>
      </main>
    );
  }

  // A viewer of hidden costs gets no figures from the server: their own read-only page.
  const answer: Trip | TripCostsHidden = trip;
  if (costsHidden(answer)) return <HiddenCostsTrip trip={answer} />;
  const location = trip.trip_location || trip.location_address;
  return (
    <main className="page">
      <TripHero trip={trip}>
        {trip.committedInstanceId && (
          <p>Committed plan: {formatMoney(totalCost(trip, digitsOf(trip.currency)), trip.currency)}</p>
        )}
      </TripHero>
      <SharePanel trip={trip} />
      <TripSettings trip={trip} />
      <div className="panel-grid">
        <WeatherPanel location={location} />
        <SuggestionsPanel location={location} />
      </div>
      <InstanceGrid trip={trip} />
    </main>
  );
}
