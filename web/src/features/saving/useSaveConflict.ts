// The one handling of a 412 that could not be merged (ADR 0026), for every page that
// saves with If-Match (the window page, trip settings, a cost item): the conflict is
// kept to be shown (ConflictChoice), and the traveller's choice gives what to send
// again, on the version stored now. Everything else about a failure is the page's.
import { useCallback, useState } from 'react';
import { resolve, type Choice, type FieldKey, type Fields } from '../../lib/merge';
import type { Trip } from '../../lib/types';
import { conflictOf, type MergeConflict } from './mergeSave';

export interface SaveConflict {
  /** The fields changed on both sides, while the traveller chooses; null otherwise. */
  conflict: MergeConflict | null;
  /** Takes a failed save: true when it was a conflict to choose on (now shown), false for any other failure. */
  caught: (failure: unknown) => boolean;
  clear: () => void;
  /**
   * The traveller's choice: what to send again (keyed as merge.ts keys it; empty when
   * nothing is left to send) on the trip as stored now. The conflict is cleared.
   */
  settle: (choice: Choice | Record<FieldKey, Choice>) => { fields: Fields; trip: Trip } | null;
}

export function useSaveConflict(): SaveConflict {
  const [conflict, setConflict] = useState<MergeConflict | null>(null);
  const caught = useCallback((failure: unknown) => {
    const merge = conflictOf(failure);
    if (merge && merge.conflicts.length > 0) {
      setConflict(merge);
      return true;
    }
    return false;
  }, []);
  const clear = useCallback(() => setConflict(null), []);
  const settle = useCallback(
    (choice: Choice | Record<FieldKey, Choice>) => {
      if (!conflict) return null;
      setConflict(null);
      return { fields: resolve(conflict, choice), trip: conflict.trip };
    },
    [conflict],
  );
  return { conflict, caught, clear, settle };
}
