// Trip overview (docs/product.md §2, §6): hero, who plans it (Share), settings, weather,
// suggestions and the trip's instances — as my role on the trip allows. A shared trip
// follows other members' changes live.
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { TripHero } from '../../components/TripHero';
import { BalancesPanel, PeoplePanel } from '../../features/shares';
import { rememberedView } from '../../features/windows';
import { InstanceGrid, preloadCompareChart } from '../../features/windows/components/InstanceGrid';
import { useGetTripQuery } from '../../features/trips/api';
import { TripSettings } from '../../features/trips/components/TripSettings';
import { ImportBookings } from '../../features/imports';
import {
  canEdit,
  costsHidden,
  HiddenCostsTrip,
  lostAccess,
  NoAccess,
  ShareBar,
  TripRoleProvider,
  useLiveTrip,
} from '../../features/sharing';
import type { Trip, TripCostsHidden } from '../../lib/types';
import { digitsOf, formatMoney } from '../../lib/format';
import { totalCost } from '@tripcost/shared/domain';
import './tripOverview.css';

// Weather and suggestions arrive from the network after the page: their panels load beside the trip, not in its first load.
const TripPanels = lazy(() => import('../../features/trips/components/TripPanels'));
// Activity and the bin are read after the page, from the network: a chunk of their own too.
const TripActivity = lazy(() => import('../../features/history/components/TripActivity'));

/** Where the two panels go while their chunk loads: the same two boxes, so nothing below moves. */
const PANELS_LOADING = (
  <>
    <section className="panel" aria-busy="true" />
    <section className="panel" aria-busy="true" />
  </>
);

export default function TripOverviewPage() {
  const { tripId = '' } = useParams();
  const { data: trip, isLoading, isError, error } = useGetTripQuery(tripId);
  const live = useLiveTrip(tripId, trip);
  // A trip last seen as Compare loads its chart alongside the trip, not after it.
  useEffect(() => {
    if (rememberedView(tripId) === 'compare') preloadCompareChart();
  }, [tripId]);

  if (isLoading) return <p className="page-message">Loading trip details...</p>;
  if (live.revoked || lostAccess(error)) return <NoAccess />;
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
  if (costsHidden(answer)) return <HiddenCostsTrip trip={answer} note={live.note} />;
  const location = trip.trip_location || trip.location_address;
  return (
    <TripRoleProvider value={trip.role}>
      <main className="page">
        <TripHero trip={trip}>
          {trip.committedInstanceId && (
            <p>
              Committed plan: {formatMoney(totalCost(trip, digitsOf(trip.currency)), trip.currency)}
              {(trip.travelers ?? 1) > 1 && trip.per_person !== undefined && (
                <>
                  {' · '}
                  <span>{formatMoney(trip.per_person, trip.currency)} per person</span>
                </>
              )}
            </p>
          )}
        </TripHero>
        <ShareBar trip={trip} note={live.note} />
        <TripSettings trip={trip} />
        {canEdit(trip.role) && <ImportBookings trip={trip} />}
        <div className="panel-grid">
          <Suspense fallback={PANELS_LOADING}>
            <TripPanels location={location} />
          </Suspense>
        </div>
        <Suspense fallback={null}>
          <PeoplePanel trip={trip} />
          <BalancesPanel trip={trip} />
        </Suspense>
        <InstanceGrid trip={trip} />
        <Suspense fallback={null}>
          <TripActivity trip={trip} canEdit={canEdit(trip.role)} />
        </Suspense>
      </main>
    </TripRoleProvider>
  );
}
