// Redis gone while the service runs: drafts cannot be kept or read, so every import
// route answers 503 {msg} (never a 500), and the service is itself again once Redis is
// back. The test starts and stops a redis-server of its own, never the shared one.
import { spawn, type ChildProcess } from 'node:child_process';
import { fixture } from '../support/fixtures';
import { bootImports, caller, upload } from '../support/service';
// One port picker for every process the tests start (why: its header).
import { freePort } from '../../../../scripts/lib/free-port.cjs';

let port = 0;
let redis: ChildProcess | undefined;

async function startRedis() {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const { default: Redis } = await import('ioredis');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(`redis://127.0.0.1:${port}`, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const up = await client
      .connect()
      .then(() => client.ping())
      .catch(() => null);
    client.disconnect();
    if (up === 'PONG') return;
    if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopRedis() {
  const stopping = redis;
  redis = undefined;
  if (!stopping || stopping.exitCode !== null) return;
  const exited = new Promise((resolve) => stopping.once('exit', resolve));
  stopping.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
});
afterAll(() => stopRedis());

describe('when Redis stops under the imports service', () => {
  it('then imports, drafts, the list, plan and apply answer 503 {msg}, and work again once it is back', async () => {
    // Each step's time, said if the test fails: a CI run once timed out here with no
    // sign of which step waited (it passes in ~3 s on an idle machine).
    const began = Date.now();
    const steps: string[] = [];
    let stopsInTime = false;
    const step = (name: string) => steps.push(`${name} at ${Date.now() - began} ms`);
    const running = await bootImports({ REDIS_URL: `redis://127.0.0.1:${port}` });
    step('booted');
    const me = caller();
    // No answer within 15 s is a failure of its own, named, not a silent wait for the test's timeout.
    const send = (method: string, path: string, body?: FormData | object) =>
      fetch(`${running.url}/api/imports${path}`, {
        method,
        headers: {
          authorization: me.authorization,
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      }).finally(() => step(`${method} ${path || '/'}`));
    try {
      const kept = await send('POST', '', upload([['flight.ics', fixture('flight.ics')]]));
      expect(kept.status).toBe(201);
      const draft = await kept.json();

      await stopRedis();
      step('redis stopped');
      const tripId = '0'.repeat(24);
      const answers = [
        await send('POST', '', upload([['flight.ics', fixture('flight.ics')]])),
        await send('POST', '', { text: fixture('text/airbnb.txt').toString('utf8') }),
        await send('GET', `/${draft._id}`),
        await send('GET', ''),
        await send('GET', `/${draft._id}/plan?tripId=${tripId}`),
        await send('POST', `/${draft._id}/apply`, { tripId, items: [{ index: 0 }] }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(await answer.json()).toMatchObject({
          msg: 'Imports are unavailable right now. Please try again in a moment.',
        });
      }

      await startRedis();
      step('redis back');
      const deadline = Date.now() + 10_000;
      let again = await send('GET', `/${'1'.repeat(24)}`);
      while (again.status === 503 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        again = await send('GET', `/${'1'.repeat(24)}`);
      }
      // Back, and empty: this redis-server keeps nothing on disk.
      expect(again.status).toBe(404);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nsteps: ${steps.join('; ')}`, { cause: error });
    } finally {
      // The service stops cleanly only with its Redis there (its inbox closes its connections).
      if (!redis || redis.exitCode !== null) await startRedis().catch(() => undefined);
      step('stopping');
      const stopped = running.service.stop().then(() => true);
      const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), 20_000).unref());
      stopsInTime = await Promise.race([stopped, late]);
    }
    if (!stopsInTime) throw new Error(`the imports service did not stop within 20 s; steps: ${steps.join('; ')}`);
    // Two redis-server starts and a reconnect on busy cores: more than the default 20 s.
  }, 90_000);
});
