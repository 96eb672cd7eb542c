// City search: pick a city, preview its photo, choose the trip's currency (the
// traveller's home currency unless changed), create the trip, go to Explore. The
// place details come from the query cache (one request per place, the newest choice wins).
import { FormError } from '../../../components/Form';
import { skipToken } from '@reduxjs/toolkit/query';
import { homeCurrencyOf } from '@tripcost/shared/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BackButton } from '../../../components/BackButton';
import { SmartImage } from '../../../components/SmartImage';
import { errorMessage } from '../../../lib/api';
import { PLACEHOLDER_IMAGE, placePhotoUrl } from '../../../lib/images';
import type { PlaceSuggestion } from '../../../lib/types';
import { useCurrentUser } from '../../auth';
import { CurrencyPicker } from '../../currencies';
import { useGetProfileQuery } from '../../profile';
import { useCreateTripMutation, useGetPlaceDetailsQuery } from '../api';
import { CityCombobox } from './CityCombobox';
import './search.css';

// The trips service stores only simple place ids; others (e.g. offline 'offline:123') are
// left out rather than refused, the address and location carry the trip.
const PLACE_ID_ACCEPTED = /^[\w-]{1,300}$/;

export default function CitySearchPage() {
  const navigate = useNavigate();
  const me = useCurrentUser();
  const email = me?.email;
  const profile = useGetProfileQuery(me?._id ?? skipToken).data;
  // Until the traveller picks one, a new trip is in their home currency.
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const currency = chosenCurrency ?? homeCurrencyOf(profile ?? {});
  const [createTrip, { isLoading: creating }] = useCreateTripMutation();
  const [place, setPlace] = useState<PlaceSuggestion | null>(null);
  const placeDetails = useGetPlaceDetailsQuery(place?.place_id ?? skipToken);
  const details = place && placeDetails.currentData ? placeDetails.currentData : null;
  const loadingPhoto = Boolean(place) && placeDetails.isFetching;
  const [photoFailed, setPhotoFailed] = useState(false);
  const firstPhoto = details?.photos?.[0]?.name;
  const photo = firstPhoto && !photoFailed ? placePhotoUrl(firstPhoto) : null;
  const [error, setError] = useState('');
  const shownError =
    error || (place && placeDetails.isError && !placeDetails.isFetching ? 'Failed to fetch place details' : '');

  function onSelect(next: PlaceSuggestion) {
    setError('');
    setPhotoFailed(false);
    setPlace(next);
  }

  function onType() {
    setError('');
    setPhotoFailed(false);
    setPlace(null);
  }

  async function onCreate() {
    if (creating || !place) return;
    if (!email) {
      setError('Please log in to create a trip.');
      return;
    }
    setError('');
    try {
      // Creating invalidates the trip list, so Explore shows the new trip.
      // The owner comes from the session's token, and a new trip is not a favourite.
      await createTrip({
        location_address: details?.formatted_address || place.description,
        image_url: photo ?? PLACEHOLDER_IMAGE,
        trip_location: details?.trip_location || place.description,
        currency,
        ...(PLACE_ID_ACCEPTED.test(place.place_id) ? { place_id: place.place_id } : {}),
      }).unwrap();
      navigate('/explore', { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Error creating trip'));
    }
  }

  const address = details?.formatted_address || place?.description;

  return (
    <main className="page page--narrow search-page">
      <BackButton fallback="/" />
      <div className="search-card">
        <span className="eyebrow eyebrow--pill">City search</span>
        <h1>Where are you going?</h1>
        <CityCombobox onSelect={onSelect} onType={onType} />
        <div className="preview" aria-live="polite" aria-busy={loadingPhoto}>
          {!place ? (
            <p className="preview__placeholder">Choose a city to see a preview</p>
          ) : loadingPhoto ? (
            <div className="skeleton preview__skeleton" role="status" aria-label="Loading preview" />
          ) : (
            <>
              <SmartImage
                className="preview__image"
                src={photo ?? PLACEHOLDER_IMAGE}
                alt={`Preview of ${address}`}
                onFallback={() => {
                  setPhotoFailed(true);
                  setError('Couldn’t load photos for this place.');
                }}
              />
              <p className="preview__address">{address}</p>
            </>
          )}
        </div>
        <CurrencyPicker
          label="Trip currency"
          value={currency}
          onChange={setChosenCurrency}
          hint="Every total of the trip is shown in it; each price can still be in its own currency."
        />
        <FormError message={shownError} />
        <button type="button" className="btn btn--primary btn--block" disabled={!place || creating} onClick={onCreate}>
          {creating ? 'Creating…' : 'Create Trip'}
        </button>
        <p className="muted tip">
          Tip: can’t find a small town? Try a nearby larger city — prices and weather are usually close.
        </p>
      </div>
    </main>
  );
}
