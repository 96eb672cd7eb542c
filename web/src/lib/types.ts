// Shapes of the API resources, shared by every feature. They come from the types
// generated from the services' OpenAPI documents (api-types.ts, checked by a test),
// so a change to what the server answers reaches the client at compile time. A resource
// the services name (`.meta({ id })`) is one of the generated components.
import type { components, paths } from './api-types';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON body a route answers with `status`. */
export type Answer<P extends keyof paths, M extends Method, S extends number = 200> = paths[P] extends {
  [K in M]: { responses: { [C in S]: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;
/** The JSON body a route takes. */
export type Body<P extends keyof paths, M extends Method> = paths[P] extends {
  [K in M]: { requestBody?: { content: { 'application/json': infer T } } };
}
  ? T
  : never;
type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type User = Schema<'User'>;
/** GET /user/profile/:id answers the full profile to its owner, the public part to anyone else. */
export type ProfileAnswer = Answer<'/api/user/profile/{id}', 'get'>;
/** The owner's full profile. */
export type Profile = Required<ProfileAnswer>;
/** What another user sees of a profile: never the birthday or zip code. */
export type PublicProfile = Pick<Profile, '_id' | 'fname' | 'lname' | 'city' | 'state' | 'country'>;
export type Trip = Schema<'Trip'>;
/** A trip as its card shows it (GET /trips/getaway-trip?view=summary). */
export type TripSummary = Schema<'TripSummary'>;
/** What a wishlist needs of a trip to add it (the server reads only the id); a card leaves out isFavorite: false. */
export type TripRef = Pick<Trip, '_id' | 'location_address'> & { isFavorite?: boolean };
export type Instance = Schema<'Instance'>;
export type InstanceStatus = Instance['status'];
/** An itemised cost of a window; when a window has items its four expenses are their sums (server-derived). */
export type CostItem = Schema<'CostItem'>;
export type CostCategory = CostItem['category'];
export type CostBasis = CostItem['basis'];
/** The server's comparison of a trip's windows that are not eliminated. */
export type Comparison = Schema<'Comparison'>;
export type Expenses = Pick<Instance, 'stay_expense' | 'travel_expense' | 'car_expense' | 'other_expense'>;
export type Wishlist = Schema<'Wishlist'>;
export type WishlistTrip = Schema<'WishlistTrip'>;
export type PlaceSuggestion = Answer<'/api/places/autocomplete', 'get'>[number];
export type PlaceDetails = Answer<'/api/places-details', 'get'>;
export type WeatherReport = Answer<'/api/weather', 'get'>;
/** Weather for one window's dates: the daily forecast, or typical weather for those days. */
export type WindowWeather = Answer<'/api/weather/window', 'get'>;
/** POST /api/weather/windows: one entry per window asked, its weather or why it has none. */
export type WindowsWeatherAnswer = Answer<'/api/weather/windows', 'post'>;
export type WindowsWeatherBody = Body<'/api/weather/windows', 'post'>;
/** GET of one window: the window and its trip. */
export type InstanceWithTrip = Schema<'InstanceWithTrip'>;
/** An item added: the item, the window and trip with every total derived again, and the items made from plain amounts. */
export type CostItemAdded = Schema<'CostItemAdded'>;
/** An item changed: the item, its window and trip with every total derived again. */
export type CostItemChange = Schema<'CostItemChange'>;
/** A window deleted: the trip as it is now. */
export type InstanceDeleted = Answer<'/api/trips/getaway/{tripId}/instances/{instanceId}', 'delete'>;
/** A window committed: the trip, and the same trip under `trip`. */
export type CommitAnswer = Schema<'CommitAnswer'>;
export type Message = Schema<'Message'>;
/** A re-price at today's rates: the trip after, and each window's exchange-rate effect and total before and after. */
export type RepriceAnswer = Schema<'RepriceAnswer'>;
export type AccessToken = Schema<'AccessToken'>;
/**
 * What the register form sends: every field the route takes, as text, but the home
 * currency, which the server takes from the country (ADR 0063).
 */
export type RegisterBody = { [K in Exclude<keyof Body<'/api/user/register', 'post'>, 'home_currency'>]-?: string };
export type LoginBody = { [K in keyof Body<'/api/user/login', 'post'>]-?: string };
export type NewTripBody = Body<'/api/trips/getaway-trip', 'post'>;
export type FunPlaces = Answer<'/api/chatgpt/fun-places', 'post'>;
/** A trip as a viewer gets it when its owner hides costs from viewers: no money, link or confirmation at all. */
export type TripCostsHidden = Schema<'TripCostsHidden'>;
export type InstanceCostsHidden = Schema<'InstanceCostsHidden'>;
/** A trip card of a trip whose costs are hidden from the caller. */
export type TripSummaryCostsHidden = Schema<'TripSummaryCostsHidden'>;
export type Member = Schema<'Member'>;
export type TripRole = Member['role'];
export type Invite = Schema<'Invite'>;
export type NewInvite = Schema<'NewInvite'>;
export type InvitePreview = Schema<'InvitePreview'>;
export type InviteAccepted = Schema<'InviteAccepted'>;
export type WindowVotes = Schema<'WindowVotes'>;
export type VoteValue = NonNullable<WindowVotes['mine']>;

/**
 * Whether an answer read as unknown (kept on the device as JSON, or a base query's) is
 * the trip it was asked for: an object with its id. Like every RTK Query answer it is
 * trusted to be what the route declares (the generated Trip); this tells a trip from
 * nothing, without a cast.
 */
export function isTrip(value: unknown): value is Trip {
  return typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';
}
