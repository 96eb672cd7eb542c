// The top of a trip's page: back to Explore, the trip's photo and place, and a line under it.
import type { ReactNode } from 'react';
import { SmartImage } from './SmartImage';
import { BackToExplore } from './TripListStates';

export function TripHero({
  trip,
  children,
}: {
  trip: { image_url: string; location_address: string };
  children?: ReactNode;
}) {
  return (
    <>
      <BackToExplore />
      <section className="hero">
        <SmartImage className="hero__image" src={trip.image_url} alt={`Photo of ${trip.location_address}`} />
        <div className="hero__overlay">
          <h1>{trip.location_address}</h1>
          {children}
        </div>
      </section>
    </>
  );
}
