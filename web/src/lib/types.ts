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

export type InstanceStatus = 'considering' | 'top_choice' | 'eliminated' | 'booked';

export interface Instance extends Expenses {
  _id: string;
  trip_start: string | null;
  trip_end: string | null;
  isCommitted: boolean;
  activities?: unknown[];
  label?: string;
  status?: InstanceStatus;
  notes?: string;
  /** Figures the server computes within the trip (comparison board). */
  total_cost?: number;
  nights?: number | null;
  per_night?: number | null;
  per_person?: number;
  delta_vs_cheapest?: number | null;
  /** Itemised costs; when present the four expenses are their sums (server-derived). */
  items?: CostItem[];
  paid_total?: number;
  booked_total?: number;
  to_pay?: number;
}

export type CostCategory = 'stay' | 'travel' | 'car' | 'other';
export type CostBasis = 'total' | 'per_night' | 'per_person' | 'per_person_per_night' | 'per_day';

export interface CostItem {
  _id: string;
  category: CostCategory;
  name: string;
  amount: number;
  basis: CostBasis;
  booked: boolean;
  paid: boolean;
  link: string;
  confirmation: string;
}

/** The server's comparison of a trip's windows that are not eliminated. */
export interface Comparison {
  cheapestInstanceId: string | null;
  lowest: number | null;
  highest: number | null;
  spread: number | null;
  /** Cheapest total − budget: negative when under; null without a budget. */
  overBudgetBy: number | null;
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
  travelers?: number;
  budget?: number | null;
  per_person?: number;
  comparison?: Comparison;
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
