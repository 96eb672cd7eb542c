// A form's values kept across a session that ended while it was open (docs/product.md §4):
// saved to sessionStorage (this tab only, gone when it closes) keyed by route and form,
// restored once after the next login, then cleared. Never a password or a token.
const PREFIX = 'tripcost:draft:';
const SECRET = /pass(word)?|secret|token/i;

export const draftKey = (route: string, form: string) => `${PREFIX}${route}#${form}`;

/** Drops secret-looking fields at any depth. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET.test(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  );
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveDraft(route: string, form: string, value: Record<string, unknown>): void {
  try {
    storage()?.setItem(draftKey(route, form), JSON.stringify(withoutSecrets(value)));
  } catch {
    /* full or unavailable: the draft is lost, the login still works */
  }
}

/** The saved draft, if any (not removed: see clearDraft). */
export function readDraft<T>(route: string, form: string): T | null {
  try {
    const raw = storage()?.getItem(draftKey(route, form));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function clearDraft(route: string, form: string): void {
  try {
    storage()?.removeItem(draftKey(route, form));
  } catch {
    /* nothing to clear */
  }
}
