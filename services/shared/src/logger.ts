// One pino logger per process; every line carries the service name and, inside a
// request, its request id.
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './context';
import { redactSecrets } from './secret-paths';

export type { Logger };

/**
 * Secrets in URLs (secret-paths.ts) never reach a log line: whatever is logged as `url`,
 * `req` (an access line's `{ method, url }`) or `err` (a message, stack or field naming
 * a URL) has its secret path segments replaced, at every level, in every process. Pino
 * runs a serializer only for a line that has its key, so other lines cost nothing more.
 */
const serializers = {
  url: (url: unknown) => redactedCopy(url, 0),
  req: (req: unknown) => {
    if (isPlain(req)) return redactedCopy(req, 0);
    // A raw request object (Express's or Node's): its method and URL, never its headers.
    const raw = req as { method?: string; originalUrl?: string; url?: string };
    return { method: raw.method, url: redactedCopy(raw.originalUrl ?? raw.url, 0) };
  },
  // pino's error serializer answers an object of its own prototype: copied as a plain one.
  err: (error: unknown) => redactedCopy(error instanceof Error ? { ...pino.stdSerializers.err(error) } : error, 0),
};

/** The message of a line (`logger.error(error)` makes it the error's message) is redacted too. */
function logMethod(this: Logger, args: Parameters<Logger['info']>, method: (...args: unknown[]) => void): void {
  const at = typeof args[0] === 'string' ? 0 : 1;
  const first = args[0] as unknown;
  if (args.length === 1 && first instanceof Error) {
    method.call(this, first, redactSecrets(first.message));
    return;
  }
  const msg = args[at] as unknown;
  if (typeof msg === 'string') (args as unknown[])[at] = redactSecrets(msg);
  method.apply(this, args);
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * Strings redacted; plain objects and arrays (a few levels deep) copied with theirs
 * redacted, and returned as they are when nothing in them names a secret: an access
 * line, written per request, then costs no copy.
 */
function redactedCopy(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 4 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => redactedCopy(item, depth + 1));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (!isPlain(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const redacted = redactedCopy(value[key], depth + 1);
    if (redacted !== value[key]) (copy ??= { ...value })[key] = redacted;
  }
  return copy ?? value;
}

// Asynchronous stdout: one write per line blocked the event loop on a syscall per
// request; now lines logged while a write is in flight go out together (and what
// is pending is flushed when the process exits).
const stdout = (level: string) => (level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false }));

/** `destination`: where lines go instead of stdout (a test that reads every line a process writes). */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination: DestinationStream | undefined = stdout(level),
): Logger {
  return pino(
    {
      name: service,
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers,
      hooks: { logMethod },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
        censor: '[redacted]',
      },
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { reqId: requestId } : {};
      },
    },
    destination,
  );
}

/**
 * The logger for access lines (one per answered request): the same logger without
 * its `redact` paths (its serializers stay, so a secret in the URL is still replaced).
 * An access line holds a request id, method, URL, status and time —
 * none of the redacted paths — so its bytes are the same, and redaction was about a
 * third of the cost of writing it (pino's redactor copies and restores every logged
 * object). Use it for those lines only. Follows the parent's level if that changes.
 */
export function accessLogger(logger: Logger): () => Logger {
  let access: Logger | undefined;
  return () => {
    if (access === undefined || access.level !== logger.level) {
      access = logger.child({}, { redact: [], level: logger.level });
    }
    return access;
  };
}
