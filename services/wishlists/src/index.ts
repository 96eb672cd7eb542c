// What other workspaces may use from the wishlists service (tests boot it in-process).
export { startWishlists, type RunningWishlists } from './server';
export { configFrom, wishlistsConfigSchema, type WishlistsConfig } from './config';
export type { Wishlist, WishlistTripEntry } from './domain/wishlist-store';
export { apiDocument } from './http/routes';
