// A wishlist's name: trimmed, not empty, at most 60 characters, unique per user
// without regard to case (the key below).

export const WISHLIST_NAME_MAX = 60;

export const WISHLIST_NAME_MESSAGES = {
  nameRequired: 'Please enter a list name.',
  nameTooLong: `The list name must be at most ${WISHLIST_NAME_MAX} characters.`,
} as const;

export type ListNameResult =
  | { ok: true; list_name: string; name_key: string }
  | { ok: false; code: 'list_name_required' | 'list_name_too_long'; msg: string };

export function checkListName(raw: string): ListNameResult {
  const list_name = raw.trim();
  if (list_name.length === 0)
    return { ok: false, code: 'list_name_required', msg: WISHLIST_NAME_MESSAGES.nameRequired };
  if (list_name.length > WISHLIST_NAME_MAX)
    return { ok: false, code: 'list_name_too_long', msg: WISHLIST_NAME_MESSAGES.nameTooLong };
  return { ok: true, list_name, name_key: list_name.toLowerCase() };
}
