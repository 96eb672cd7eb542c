// City search (spec §2): pick a city, preview its photo, create the trip, go to Explore.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BackButton } from '../../../components/BackButton';
import { SmartImage } from '../../../components/SmartImage';
import { errorMessage } from '../../../lib/api';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { PLACEHOLDER_IMAGE, placePhotoUrl } from '../../../lib/images';
import { selectUser, tripsRefreshToggled } from '../../../lib/session';
import type { PlaceDetails, PlaceSuggestion } from '../../../lib/types';
import { useCreateTripMutation, useLazyGetPlaceDetailsQuery } from '../api';
import { CityCombobox } from './CityCombobox';

// The trips service stores only simple place ids; others (e.g. offline 'offline:123') are
// left out rather than refused, the address and location carry the trip.
const PLACE_ID_ACCEPTED = /^[\w-]{1,300}$/;

export default function CitySearchPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const email = useAppSelector(selectUser)?.email;
  const [fetchDetails] = useLazyGetPlaceDetailsQuery();
  const [createTrip, { isLoading: creating }] = useCreateTripMutation();
  const [place, setPlace] = useState<PlaceSuggestion | null>(null);
  const [details, setDetails] = useState<PlaceDetails | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [loadingPhoto, setLoadingPhoto] = useState(false);
  const [error, setError] = useState('');
  const chosenId = useRef<string | null>(null);

  function resetErrors() {
    setError('');
  }

  async function onSelect(next: PlaceSuggestion) {
    resetErrors();
    setPlace(next);
    setDetails(null);
    setPhoto(null);
    setLoadingPhoto(true);
    chosenId.current = next.place_id;
    try {
      const result = await fetchDetails(next.place_id, true).unwrap();
      if (chosenId.current !== next.place_id) return; // a newer choice won
      setDetails(result);
      const first = result.photos?.[0]?.name;
      setPhoto(first ? placePhotoUrl(first) : null);
    } catch (err) {
      if (chosenId.current !== next.place_id) return;
      if ((err as { name?: string })?.name === 'AbortError') return;
      setError('Failed to fetch place details');
    } finally {
      if (chosenId.current === next.place_id) setLoadingPhoto(false);
    }
  }

  function onType() {
    resetErrors();
    if (place) {
      setPlace(null);
      setDetails(null);
      setPhoto(null);
      chosenId.current = null;
    }
  }

  async function onCreate() {
    if (creating || !place) return;
    if (!email) {
      setError('Please log in to create a trip.');
      return;
    }
    resetErrors();
    try {
      await createTrip({
        user_email: email,
        location_address: details?.formatted_address || place.description,
        image_url: photo ?? PLACEHOLDER_IMAGE,
        isFavorite: false,
        trip_location: details?.trip_location || place.description,
        ...(PLACE_ID_ACCEPTED.test(place.place_id) ? { place_id: place.place_id } : {}),
      }).unwrap();
      dispatch(tripsRefreshToggled());
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
                  setPhoto(null);
                  setError('Couldn’t load photos for this place.');
                }}
              />
              <p className="preview__address">{address}</p>
            </>
          )}
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
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
