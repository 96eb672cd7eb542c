// What the conflict choice shows (ConflictChoice.tsx) and its lazy dialog draws
// (ConflictDialog.tsx): the types both import, so neither imports the other's file.
export interface ConflictRow {
  key: string;
  /** The field as the page labels it. */
  name: string;
  mine: string;
  theirs: string;
  /** Mine cannot be kept (e.g. an expense now calculated from cost items). */
  locked?: boolean;
  lockedWhy?: string;
}

export type ConflictChoiceValue = 'mine' | 'theirs';

export interface ConflictChoiceProps {
  title: string;
  rows: ConflictRow[];
  onChoose: (choice: ConflictChoiceValue) => void;
  busy: boolean;
  theirsLabel?: string;
}
