// Shapes of the API resources (spec §3 / §7), shared by every feature.
export interface User {
  _id: string;
  fname: string;
  lname?: string;
  email: string;
  role?: number;
}

export interface Profile {
  _id?: string;
  fname: string;
  lname: string;
  birthday: string;
  city: string;
  state: string;
  zip: string;
}

/** What another user sees of a profile: never the birthday or zip code. */
export type PublicProfile = Pick<Profile, '_id' | 'fname' | 'lname' | 'city' | 'state'>;

/** GET /user/profile/:id answers the full profile to its owner, the public part to anyone else. */
export type ProfileAnswer = Profile | PublicProfile;

export interface Expenses {
  stay_expense?: number | null;
  travel_expense?: number | null;
  car_expense?: number | null;
  other_expense?: number | null;
}

export interface Instance extends Expenses {
  _id: string;
  trip_start: string | null;
  trip_end: string | null;
  isCommitted: boolean;
  activities?: unknown[];
  total_cost?: number;
}

export interface Trip extends Expenses {
  _id: string;
  location_address: string;
  trip_location?: string;
  image_url?: string;
  trip_start: string | null;
  trip_end: string | null;
  total_cost?: number;
  isFavorite: boolean;
  user_email?: string;
  instances: Instance[];
  committedInstanceId?: string | null;
  created_at?: string;
}

export interface WishlistTrip {
  _id: string;
  image_url?: string;
  location_address?: string;
  trip_start?: string | null;
  trip_end?: string | null;
  total_cost?: number;
}

export interface Wishlist {
  _id: string;
  list_name: string;
  email: string;
  trips: WishlistTrip[];
}

export interface PlaceSuggestion {
  place_id: string;
  description: string;
  main_text?: string;
  secondary_text?: string;
}

export interface PlaceDetails {
  photos: { name: string }[];
  formatted_address?: string;
  trip_location?: string;
}
