// One pino logger per process; every line carries the service name and, inside a
// request, its request id.
import pino, { type Logger } from 'pino';
import { currentRequestId } from './context';

export type { Logger };

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  // Asynchronous stdout: one write per line blocked the event loop on a syscall per
  // request; now lines logged while a write is in flight go out together (and what
  // is pending is flushed when the process exits).
  const destination = level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false });
  return pino(
    {
      name: service,
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
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
 * its redaction. An access line holds a request id, method, URL, status and time —
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
