// Copying a window (Duplicate…, and a flex grid cell's "Add this window"), loaded with
// the dialogs that copy rather than with every trip page. Without a network a copy is
// kept to be sent later (ADR 0038) with its Idempotency-Key.
import { shiftDate } from '@tripcost/shared/domain';
import { api } from '../../lib/api';
import { creating } from '../../lib/offline/changeQueue';
import type { Instance } from '../../lib/types';
import { keptCopy } from './keptCopy';
import { senderOf, sendOrKeep } from '../saving';
import { path, tripChanged, type InstanceRef } from './model';

/** A date moved by whole days (the core's shiftDate); an unset one stays unset. */
const shiftDay = (day: string | null, days: number) => (day ? shiftDate(day, days) : day);

const copyApi = api.injectEndpoints({
  endpoints: (build) => ({
    duplicateInstance: build.mutation<Instance, InstanceRef & { shiftDays: number }>({
      queryFn: ({ shiftDays, ...ref }, queryApi, _extra, baseQuery) =>
        sendOrKeep(
          senderOf(queryApi, baseQuery),
          ref.tripId,
          creating(`${path(ref)}/duplicate`, { shiftDays }),
          keptCopy(queryApi.getState, ref, (source) => [
            shiftDay(source.trip_start, shiftDays),
            shiftDay(source.trip_end, shiftDays),
          ]),
        ),
      invalidatesTags: tripChanged,
    }),
  }),
});

export const { useDuplicateInstanceMutation } = copyApi;
export { copyApi };
