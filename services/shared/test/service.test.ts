// startService: the one start-up sequence. What every service relies on: the wiring gets
// the store and the outbox, the handle carries the service's extras, a store that cannot
// open fails the start (and leaves no Redis client behind), and stop() closes in order —
// the inbox first, the store last.
import { startService, type ServiceStore } from '../src';
import { silentLogger, testQueuePrefix, testRedisUrl } from '../src/testing';

function fakeStore(closed: string[]): ServiceStore {
  return {
    pendingEvents: async () => [],
    markSent: async () => undefined,
    ping: async () => undefined,
    close: async () => void closed.push('store'),
  };
}

const settings = () => ({ PORT: 0, REDIS_URL: testRedisUrl(), QUEUE_PREFIX: testQueuePrefix() });

describe('startService', () => {
  it('when started, then the wiring gets the store and its outbox, the app answers, and stop closes the inbox first and the store last', async () => {
    const closed: string[] = [];
    let wiredWith: string[] = [];
    const running = await startService<ServiceStore, { hello(): string }>({
      name: 'trips',
      config: settings(),
      logger: silentLogger(),
      store: { embedded: async () => fakeStore(closed), mongo: () => Promise.reject(new Error('not configured')) },
      wire: (parts) => {
        wiredWith = Object.keys(parts).sort();
        return {
          app: (_req, res) => res.end('ok'),
          inbox: { close: async () => void closed.push('inbox') },
          extras: { hello: () => 'hi' },
        };
      },
    });
    expect(wiredWith).toEqual(['lifecycle', 'logger', 'outbox', 'redis', 'revokedUsers', 'store']);
    expect(running.hello()).toBe('hi');
    expect(await (await fetch(running.url)).text()).toBe('ok');
    await running.stop();
    expect(closed).toEqual(['inbox', 'store']);
  });

  it('when the store cannot open, then the start fails with its error', async () => {
    const failing = startService<ServiceStore>({
      name: 'wishlists',
      config: settings(),
      logger: silentLogger(),
      store: { embedded: () => Promise.reject(new Error('disk full')), mongo: () => Promise.reject(new Error('no')) },
      wire: () => ({ app: (_req, res) => res.end() }),
    });
    await expect(failing).rejects.toThrow('disk full');
  });

  it('when the service has no store, then the wiring gets neither store nor outbox', async () => {
    let wiredWith: string[] = [];
    const running = await startService({
      name: 'integrations',
      config: settings(),
      logger: silentLogger(),
      redis: { startup: { wait: 'first-outcome' } },
      wire: (parts) => {
        wiredWith = Object.keys(parts).filter((key) => (parts as Record<string, unknown>)[key] !== undefined);
        return { app: (_req, res) => res.end('ok') };
      },
    });
    await running.stop();
    expect(wiredWith.sort()).toEqual(['lifecycle', 'logger', 'redis', 'revokedUsers']);
  });
});
