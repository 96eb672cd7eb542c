// Secrets that travel in a URL (docs/adr/0052-secrets-in-paths-and-replays.md): an
// invitation link's token lets anyone logged in join a trip for 7 days, so it appears in
// clear only in the answer that creates it. Every URL a log line carries goes through
// `redactSecrets` (logger.ts applies it to `url`, `req` and `err` of every line of every
// process), so such a path is logged as `/api/trips/invites/<redacted>/accept`.
// The one list of secret-bearing paths: a route (or web page) that puts a secret in its
// path adds its prefix here, and every log of every process keeps it out.

/** What a secret path segment is logged as. */
export const REDACTED = '<redacted>';

/**
 * Paths whose next segment is a secret: the API's invitation links (preview and accept),
 * the web app's page for one (`/join/<token>`, the link the owner sends), and a person's
 * calendar feed (`/api/notifications/calendar/<token>.ics`, fetched without a login).
 */
export const SECRET_PATH_PREFIXES: readonly string[] = [
  '/api/trips/invites/',
  '/join/',
  '/api/notifications/calendar/',
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Anywhere in a text, not only at its start: a URL may be absolute (`https://…/join/…`),
// inside an error's message or stack, or behind a proxy's base path. Case-insensitive,
// as Express matches routes. The segment stops at the next `/`, `?`, `#`, quote, space or
// `<`, so a redacted text is left as it is when it passes again.
const SECRET_SEGMENT = new RegExp(`(${SECRET_PATH_PREFIXES.map(escaped).join('|')})[^/?#\\s"'<>]+`, 'gi');

/** The text with every secret path segment replaced by `<redacted>`. */
export function redactSecrets(text: string): string {
  // Most URLs name no secret: test first, so they are returned without a copy.
  SECRET_SEGMENT.lastIndex = 0;
  if (!SECRET_SEGMENT.test(text)) return text;
  return text.replace(SECRET_SEGMENT, `$1${REDACTED}`);
}
