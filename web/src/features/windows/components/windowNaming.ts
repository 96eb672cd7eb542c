// A window's name: its limit, its field's name and what the action that edits it says
// (the form itself, WindowName.tsx, is a chunk of its own opened on demand).
import { TEXT_LIMITS } from '@tripcost/shared/domain';
import type { Instance } from '../../../lib/types';

/** A window's name: at most this many characters (the trips service's MAX_LABEL_LENGTH). */
export const LABEL_MAX = TEXT_LIMITS.windowName;
export const LABEL_NAME = 'Window name';

/** What "Name this window" / "Rename" says for a window (its accessible name names the window too). */
export function nameActionLabel(window: Instance, dates: string): { words: string; label: string } {
  const words = window.label ? 'Rename' : 'Name this window';
  return { words, label: `${words}: ${window.label || dates}` };
}
