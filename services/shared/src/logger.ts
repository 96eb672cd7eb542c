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
