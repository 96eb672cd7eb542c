// The bundled stock placeholder photo (web/public), used whenever a trip has no photo
// or its photo fails to load.
export const PLACEHOLDER_IMAGE = '/placeholder-trip.svg';

export function placePhotoUrl(photoName: string): string {
  return `/api/places-pics?photoreference=${encodeURIComponent(photoName)}`;
}
