// Is the process at an upstream's address the service this gateway was started with?
// A port says nothing about who listens on it: beside another checkout's `npm start`,
// or after our service died and something else took its port, another product's
// service can answer there, and the gateway would hand it travellers' tokens and
// serve its data. So when an upstream has an expected instance (`<SERVICE>_INSTANCE_ID`,
// which `npm start` sets to the INSTANCE_ID it gave that service), its /healthz is
// asked who it is — before the first request and then every UPSTREAM_IDENTITY_CHECK_MS
// — and requests are proxied only while it answers with that instance. Any other answer
// makes the upstream count as down: 503 {msg}, as for a service that does not answer.
// Upstreams without an expected instance (deployments, where the platform routes by
// service name) are not checked at all.
import { request } from 'node:http';
import type { Logger } from '@tripcost/shared';
import type { Upstream, UpstreamName } from './routing';

/** ours: answered with the expected instance; foreign: answered otherwise; unknown: not (yet) answered. */
export type IdentityState = 'unchecked' | 'ours' | 'foreign' | 'unknown';

export interface UpstreamIdentity {
  /** Whether requests may go to the upstream now; asks it first when its identity is not known. */
  admits(name: UpstreamName): boolean | Promise<boolean>;
  state(name: UpstreamName): IdentityState;
  close(): void;
}

const CHECK_TIMEOUT_MS = 1000;

/** The `instance` an upstream's /healthz answers; undefined when it answers none. */
export function fetchInstance(target: string, timeoutMs = CHECK_TIMEOUT_MS): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(new URL('/healthz', target), { method: 'GET', timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (chunks.reduce((size, part) => size + part.length, 0) > 4096) req.destroy(new Error('answer too large'));
      });
      res.on('end', () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { instance?: unknown };
          resolve(res.statusCode === 200 && typeof body.instance === 'string' ? body.instance : undefined);
        } catch {
          resolve(undefined);
        }
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

export function watchUpstreamIdentity(upstreams: Upstream[], logger: Logger, intervalMs: number): UpstreamIdentity {
  const checked = upstreams.filter((upstream) => upstream.instanceId);
  const states = new Map<UpstreamName, IdentityState>(checked.map((upstream) => [upstream.name, 'unknown']));
  const inFlight = new Map<UpstreamName, Promise<IdentityState>>();

  const check = (upstream: Upstream): Promise<IdentityState> => {
    const running = inFlight.get(upstream.name);
    if (running) return running;
    const next = fetchInstance(upstream.target)
      .then((instance): IdentityState => {
        if (instance === upstream.instanceId) return 'ours';
        if (states.get(upstream.name) !== 'foreign') {
          logger.error(
            {
              upstream: upstream.name,
              target: upstream.target,
              expected: upstream.instanceId,
              answered: instance ?? null,
            },
            'upstream is not the expected instance (another process holds its address); treated as down',
          );
        }
        return 'foreign';
      })
      // No answer: the proxy finds out for itself and answers 503, as for any service that is down.
      .catch((): IdentityState => 'unknown')
      .then((state) => {
        if (state === 'ours' && states.get(upstream.name) === 'foreign') {
          logger.info({ upstream: upstream.name }, 'upstream is the expected instance again');
        }
        states.set(upstream.name, state);
        inFlight.delete(upstream.name);
        return state;
      });
    inFlight.set(upstream.name, next);
    return next;
  };

  for (const upstream of checked) void check(upstream);
  const timer =
    checked.length > 0 ? setInterval(() => checked.forEach((upstream) => void check(upstream)), intervalMs) : undefined;
  timer?.unref();
  const byName = new Map(checked.map((upstream) => [upstream.name, upstream]));

  return {
    admits(name) {
      const state = states.get(name);
      if (state === undefined || state === 'ours') return true;
      if (state === 'foreign') return false;
      // Not known yet (just started, or it did not answer last time): ask now rather than
      // send a traveller's request to whoever listens there.
      return check(byName.get(name)!).then((fresh) => fresh !== 'foreign');
    },
    state: (name) => states.get(name) ?? 'unchecked',
    close: () => clearInterval(timer),
  };
}
