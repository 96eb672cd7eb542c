// "Download my data": one JSON document with everything TripCost holds of the
// caller: the full profile from this service, every trip (with its instances and
// their costs) and every wishlist from theirs. All or nothing: if a part cannot be
// gathered the caller gets 503, never a silently incomplete export.
import type { AuthUser, ProfileFields } from '@tripcost/shared';

export interface UserDataSources {
  /** Every trip of the caller as the trips API answers it. */
  trips(authorization: string): Promise<unknown[]>;
  /** Every wishlist of the caller as the wishlists API answers it. */
  wishlists(authorization: string): Promise<unknown[]>;
}

export const EXPORT_FORMAT = 'tripcost-export/1';

export interface DataExport {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  account: { _id: string; email: string; createdAt: string };
  profile: ProfileFields;
  trips: unknown[];
  wishlists: unknown[];
}

/** The download's file name, e.g. tripcost-data-2030-01-31.json. */
export const exportFileName = (exportedAt: string) => `tripcost-data-${exportedAt.slice(0, 10)}.json`;

export async function gatherExport(
  caller: AuthUser,
  authorization: string,
  deps: {
    account: (caller: AuthUser) => Promise<Pick<DataExport, 'account' | 'profile'>>;
    sources: UserDataSources;
    now?: () => Date;
  },
): Promise<DataExport> {
  const [own, trips, wishlists] = await Promise.all([
    deps.account(caller),
    deps.sources.trips(authorization),
    deps.sources.wishlists(authorization),
  ]);
  return {
    format: EXPORT_FORMAT,
    exportedAt: (deps.now?.() ?? new Date()).toISOString(),
    ...own,
    trips,
    wishlists,
  };
}
