// The bundled stock placeholder photo (web/public), used whenever a trip has no photo
// or its photo fails to load.
export const PLACEHOLDER_IMAGE = '/placeholder-trip.svg';

export function placePhotoUrl(photoName: string): string {
  return `/api/places-pics?photoreference=${encodeURIComponent(photoName)}`;
}

/** Image URLs are stored absolute so they survive any server-side URL validation. */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${window.location.origin}${path}`;
}
