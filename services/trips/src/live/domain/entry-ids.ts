// The ids of a trip's change log (Redis Stream entry ids, `<ms>-<seq>`): read and
// compared as the numbers they are. Apart from live-updates.ts only to keep it short.

/** Stream ids compared as numbers (`<ms>-<seq>`); a malformed id sorts first. */
export function compareEntryIds(a: string, b: string): number {
  const [am, as] = parseEntryId(a) ?? [0n, 0n];
  const [bm, bs] = parseEntryId(b) ?? [0n, 0n];
  if (am !== bm) return am < bm ? -1 : 1;
  return as === bs ? 0 : as < bs ? -1 : 1;
}

/** Each half of a stream id is an unsigned 64-bit number; Redis refuses anything larger. */
const MAX_ID_PART = 2n ** 64n - 1n;

/** The two numbers of a stream id, or null when it is not one Redis would accept. */
export function parseEntryId(id: string): [bigint, bigint] | null {
  const match = /^(\d{1,20})-(\d{1,20})$/.exec(id);
  if (!match) return null;
  const parts: [bigint, bigint] = [BigInt(match[1]), BigInt(match[2])];
  return parts[0] <= MAX_ID_PART && parts[1] <= MAX_ID_PART ? parts : null;
}
