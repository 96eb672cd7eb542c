// A trip's live updates survive restarts: a member follows a trip through the gateway
// while another keeps changing it, the trips service and then the gateway get SIGTERM
// and start again, and the follower — reconnecting as the web app does, with the
// Last-Event-ID of the last event it got — receives every change, none twice and no
// `reset` (nothing it would have to refetch). And when many followers' browsers die at
// once, the trips service stops following each within 2 s (docs/adr/0053).
import { spawn } from 'node:child_process';
import { openStream, type SseStream } from '../../gateway/test/sse-client';
import { call, newTraveller } from './support/client';
import { startProduct, waitFor, type Product } from './support/processes';

jest.setTimeout(300_000);

interface Follower {
  /** The trip versions the change events carried, in arrival order. */
  versions: number[];
  ids: string[];
  resets: number;
  /** Streams opened (200). */
  connections: number;
  stop(): void;
}

/** Follows a trip like the web app: on any end or failure, reconnect with the last event id. */
function follow(gatewayUrl: string, token: string, tripId: string): Follower {
  const follower: Follower = { versions: [], ids: [], resets: 0, connections: 0, stop: () => undefined };
  let stopped = false;
  let current: SseStream | undefined;
  follower.stop = () => {
    stopped = true;
    current?.close();
  };
  void (async () => {
    while (!stopped) {
      const lastId = follower.ids[follower.ids.length - 1];
      try {
        current = await openStream(
          `${gatewayUrl}/api/trips/getaway/${tripId}/events`,
          token,
          lastId ? { 'last-event-id': lastId } : {},
        );
      } catch {
        current = undefined; // the gateway is down: try again shortly
      }
      if (current?.status === 200) {
        follower.connections += 1;
        let seen = 0;
        const stream = current;
        const take = () => {
          for (; seen < stream.events.length; seen++) {
            const event = stream.events[seen];
            if (event.event === 'reset') follower.resets += 1;
            if (event.event !== 'change') continue;
            follower.ids.push(event.id!);
            follower.versions.push(JSON.parse(event.data).version);
          }
        };
        // Events are taken as they come (the next() wait only wakes us).
        while (!stopped) {
          take();
          const ended = await Promise.race([
            stream.ended.then(() => true),
            stream.next(() => false, 50).catch(() => false),
          ]);
          if (ended) break;
        }
        take();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return follower;
}

describe('live updates across restarts', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(['auth', 'trips', 'gateway']);
  });
  afterAll(() => product?.stop());

  it('when trips and then the gateway restart while a member follows a trip that keeps changing, then resuming with Last-Event-ID loses no change', async () => {
    const gateway = product.gatewayUrl;
    const [owner, member] = [await newTraveller(gateway), await newTraveller(gateway)];
    const trip = await call(gateway, 'POST', '/api/trips/getaway-trip', {
      token: owner.token,
      body: { location_address: 'Porto, Portugal' },
    });
    const invite = await call(gateway, 'POST', `/api/trips/getaway/${trip.body._id}/invites`, {
      token: owner.token,
      body: { role: 'editor' },
    });
    expect(
      (await call(gateway, 'POST', `/api/trips/invites/${invite.body.token}/accept`, { token: member.token })).status,
    ).toBe(200);

    const follower = follow(gateway, member.token, trip.body._id);
    await waitFor('the follower to connect', async () => follower.connections === 1, 10_000);

    // The owner changes the trip over and over; each answered change names its version.
    const written: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let travelers = 2; writing; travelers = travelers === 2 ? 3 : 2) {
        const reply = await call(gateway, 'PUT', `/api/trips/getaway/${trip.body._id}`, {
          token: owner.token,
          body: { travelers },
          timeoutMs: 30_000,
        }).catch(() => undefined); // the gateway itself restarting: try again
        if (reply?.status === 200) written.push(reply.body.version);
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const settle = (more: number) => {
      const target = written.length + more;
      return waitFor(`${more} more changes`, async () => written.length >= target, 60_000);
    };
    try {
      await settle(10);
      await product.components.trips.kill('SIGTERM');
      await product.components.trips.start();
      await settle(10);
      await product.components.gateway.kill('SIGTERM');
      await product.components.gateway.start();
      await settle(10);
    } finally {
      writing = false;
      await writer;
    }
    await waitFor(
      'the follower to receive every change',
      async () => written.every((version) => follower.versions.includes(version)),
      15_000,
    ).catch(() => undefined);
    follower.stop();
    process.stdout.write(
      `live-updates-restart: ${written.length} changes written, ${follower.versions.length} received, ` +
        `${follower.connections} connections, ${follower.resets} resets\n`,
    );
    expect(written.filter((version) => !follower.versions.includes(version))).toEqual([]);
    expect(new Set(follower.ids).size).toBe(follower.ids.length);
    expect(follower.resets).toBe(0);
    // The first stream, and one again after each restart ended the one before.
    expect(follower.connections).toBeGreaterThanOrEqual(3);
  });

  it('when 40 followers through the gateway are killed at once, then within 2 s the trips service follows none', async () => {
    const gateway = product.gatewayUrl;
    // Four travellers with ten tabs each on a trip of their own (10 is the most one may hold).
    const plan: Array<[string, string]> = [];
    for (let index = 0; index < 4; index++) {
      const traveller = await newTraveller(gateway);
      const trip = await call(gateway, 'POST', '/api/trips/getaway-trip', {
        token: traveller.token,
        body: { location_address: 'Porto, Portugal' },
      });
      for (let tab = 0; tab < 10; tab++) plan.push([traveller.token, trip.body._id]);
    }
    // The browsers: one process holding every stream on a connection of its own.
    const browsers = spawn(
      process.execPath,
      [
        '-e',
        `const { get } = require('node:http');
         let open = 0;
         for (const [token, tripId] of JSON.parse(process.env.PLAN)) {
           get(process.env.GATEWAY + '/api/trips/getaway/' + tripId + '/events',
             { headers: { authorization: 'Bearer ' + token }, agent: false }, (res) => {
               if (res.statusCode !== 200) throw new Error('stream refused: ' + res.statusCode);
               if (++open === 40) process.stdout.write('ready');
             });
         }`,
      ],
      { env: { ...process.env, GATEWAY: gateway, PLAN: JSON.stringify(plan) }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => browsers.once('exit', resolve));
    try {
      await new Promise((resolve, reject) => {
        browsers.stdout!.once('data', resolve);
        browsers.once('exit', (code) => reject(new Error(`the browsers exited (${code})`)));
      });
      const { default: Redis } = await import('ioredis');
      const redis = new Redis(product.redis.url);
      try {
        // The streams each trips replica follows are counted in Redis, per traveller.
        const followed = async () => {
          const keys = await redis.keys(`${product.queuePrefix}:trips:live-streams:*`);
          let count = 0;
          for (const key of keys) count += await redis.zcard(key);
          return count;
        };
        await waitFor('the 40 streams to be followed', async () => (await followed()) === 40, 10_000);
        browsers.kill('SIGKILL');
        await exited;
        await waitFor('the trips service to follow none within 2 s', async () => (await followed()) === 0, 2_000);
      } finally {
        redis.disconnect();
      }
    } finally {
      browsers.kill('SIGKILL');
      await exited;
    }
  });
});
