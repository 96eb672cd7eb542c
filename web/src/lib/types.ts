// Shapes of the API resources, shared by every feature. They come from the types
// generated from the services' OpenAPI documents (api-types.ts, checked by a test),
// so a change to what the server answers reaches the client at compile time.
import type { paths } from './api-types';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON body a route answers with `status`. */
export type Answer<P extends keyof paths, M extends Method, S extends number = 200> = paths[P] extends {
  [K in M]: { responses: { [C in S]: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;

export type User = Answer<'/api/user/infor', 'get'>;
/** GET /user/profile/:id answers the full profile to its owner, the public part to anyone else. */
export type ProfileAnswer = Answer<'/api/user/profile/{id}', 'get'>;
/** The owner's full profile. */
export type Profile = Required<ProfileAnswer>;
/** What another user sees of a profile: never the birthday or zip code. */
export type PublicProfile = Pick<Profile, '_id' | 'fname' | 'lname' | 'city' | 'state'>;
export type Trip = Answer<'/api/trips/getaway/{tripId}', 'get'>;
export type Instance = Trip['instances'][number];
export type InstanceStatus = Instance['status'];
/** The server's comparison of a trip's windows that are not eliminated. */
export type Comparison = Trip['comparison'];
export type Expenses = Pick<Instance, 'stay_expense' | 'travel_expense' | 'car_expense' | 'other_expense'>;
export type Wishlist = Answer<'/api/wishlist/getlists', 'get'>[number];
export type WishlistTrip = Wishlist['trips'][number];
export type PlaceSuggestion = Answer<'/api/places/autocomplete', 'get'>[number];
export type PlaceDetails = Answer<'/api/places-details', 'get'>;
export type WeatherReport = Answer<'/api/weather', 'get'>;
