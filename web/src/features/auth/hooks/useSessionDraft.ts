// A form that must survive its session ending (docs/product.md §4): when the refresh
// fails while the form is open, its values are saved (lib/drafts.ts) at that moment —
// before the login gate unmounts the page — and offered back once, after the next login.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { clearDraft, readDraft, saveDraft } from '../../../lib/drafts';
import type { AppState } from '../../../lib/hooks';

/**
 * `current` gives the values to keep (null when the form is not open). Returns the
 * draft saved for this route and form, if any, and `consume`, which clears it once used.
 */
export function useSessionDraft<T extends Record<string, unknown>>(form: string, current: () => T | null) {
  const store = useStore<AppState>();
  const { pathname, search } = useLocation();
  const route = pathname + search;
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current;
  });
  const [draft, setDraft] = useState<T | null>(() => readDraft<T>(route, form));

  useEffect(() => {
    let wasExpired = store.getState().session.expired;
    // Synchronous with the dispatch that ends the session, so the values are saved before the page goes.
    return store.subscribe(() => {
      const expired = store.getState().session.expired;
      if (expired && !wasExpired) {
        const values = latest.current();
        if (values) saveDraft(route, form, values);
      }
      wasExpired = expired;
    });
  }, [store, route, form]);

  const consume = useCallback(() => {
    clearDraft(route, form);
    setDraft(null);
  }, [route, form]);

  return { draft, consume };
}
