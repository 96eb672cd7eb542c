import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DRAINING_HEADER, type RunningServer } from '@tripcost/shared';
import { eventually, testUser, tokenFor } from '@tripcost/shared/testing';
import { backoffMs, mayRetry } from '../src/upstream-retry';
import { closedPortUrl, fakeUpstream, startTestGateway, type FakeUpstream } from './helpers';

const bearer = () => ({ authorization: `Bearer ${tokenFor(testUser())}` });

describe('which failed attempts may be sent again', () => {
  it('when the connection was refused or a draining service said so, then any method; a reset, only safe ones', () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      expect(mayRetry({ kind: 'refused' }, method)).toBe(true);
      expect(mayRetry({ kind: 'draining' }, method)).toBe(true);
      expect(mayRetry({ kind: 'other' }, method)).toBe(false);
    }
    expect(['GET', 'HEAD', 'PUT', 'DELETE', 'POST', 'PATCH'].filter((m) => mayRetry({ kind: 'reset' }, m))).toEqual([
      'GET',
      'HEAD',
      'PUT',
      'DELETE',
    ]);
  });

  it('when attempts repeat, then the wait doubles from 50 ms up to 1 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(backoffMs)).toEqual([50, 100, 200, 400, 800, 1000, 1000]);
  });
});

describe('the gateway sending again what a service did not handle', () => {
  let trips: FakeUpstream;
  let gateway: RunningServer;
  beforeEach(async () => {
    trips = await fakeUpstream('trips');
    gateway = await startTestGateway({
      TRIPS_URL: trips.url,
      WEB_DIST: '/nonexistent',
      UPSTREAM_RETRY_WINDOW_MS: '3000',
    });
  });
  afterEach(async () => {
    await gateway.stop();
    await trips.close();
  });

  it('when a draining service answers a marked 503, then the request is sent again and the traveller sees only the second answer', async () => {
    let first = true;
    trips.respond = (_req, res, body) => {
      if (first) {
        first = false;
        res.writeHead(503, { 'content-type': 'application/json', [DRAINING_HEADER]: '1', connection: 'close' });
        return void res.end(JSON.stringify({ msg: 'The service is shutting down. Please retry.' }));
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ created: body.toString() }));
    };
    const res = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: JSON.stringify({ location_address: 'Lisbon' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get(DRAINING_HEADER)).toBeNull();
    expect(await res.json()).toEqual({ created: JSON.stringify({ location_address: 'Lisbon' }) });
    expect(trips.received.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(trips.received[1].headers['x-forwarded-for']).toBe(trips.received[0].headers['x-forwarded-for']);
  });

  it('when the connection is reset before any answer, then a GET is sent again but a POST is not', async () => {
    let resets = 0;
    trips.respond = (_req, res) => {
      if (resets < 2) {
        resets += 1;
        return void res.destroy();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    };
    const read = await fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: bearer() });
    expect(read.status).toBe(200);
    expect(trips.received).toHaveLength(3);

    resets = 0;
    const write = await fetch(`${gateway.url}/api/trips/getaway-trip`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(502);
    expect(await write.json()).toHaveProperty('msg');
    expect(trips.received).toHaveLength(4);
  });
});

describe('the gateway while a service restarts', () => {
  it('when the service is refusing connections and comes back within the window, then a POST reaches it once', async () => {
    const down = await closedPortUrl();
    const gateway = await startTestGateway({
      TRIPS_URL: down,
      WEB_DIST: '/nonexistent',
      UPSTREAM_RETRY_WINDOW_MS: '5000',
    });
    let server: Server | undefined;
    const received: string[] = [];
    try {
      const pending = fetch(`${gateway.url}/api/trips/getaway-trip`, {
        method: 'POST',
        headers: { ...bearer(), 'content-type': 'application/json' },
        body: '{"location_address":"Porto"}',
      });
      // The service comes up on its port once the gateway has been refused at least once.
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          received.push(body);
          res.writeHead(201, { 'content-type': 'application/json' }).end('{"_id":"t1"}');
        });
      });
      const port = Number(new URL(down).port);
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      expect((server.address() as AddressInfo).port).toBe(port);
      const res = await pending;
      expect(res.status).toBe(201);
      expect(received).toEqual(['{"location_address":"Porto"}']);
    } finally {
      await gateway.stop();
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it('when the service stays down past the window, then 503 {msg}', async () => {
    const down = await closedPortUrl();
    const gateway = await startTestGateway({
      TRIPS_URL: down,
      WEB_DIST: '/nonexistent',
      UPSTREAM_RETRY_WINDOW_MS: '300',
    });
    try {
      const res = await fetch(`${gateway.url}/api/trips/anything`, { headers: bearer() });
      expect(res.status).toBe(503);
      expect((await res.json()).msg).toBe('The trips service is unavailable. Please try again shortly.');
    } finally {
      await gateway.stop();
    }
  });
});

describe('the gateway when a service starts closing its connections', () => {
  it('when an answer says Connection: close, then the gateway stops reusing its other idle connections to that service', async () => {
    let opened = 0;
    let closed = 0;
    let closing = false;
    const server = createServer((req, res) => {
      req.resume();
      // Held briefly, so requests sent together each need a connection of their own.
      req.on('end', () =>
        setTimeout(() => {
          const headers = { 'content-type': 'application/json', ...(closing ? { connection: 'close' } : {}) };
          res.writeHead(200, headers).end('{}');
        }, 20),
      );
    });
    server.keepAliveTimeout = 60_000; // only the gateway closes idle connections here
    server.on('connection', (socket) => {
      opened += 1;
      socket.on('close', () => (closed += 1));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const gateway = await startTestGateway({
      TRIPS_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      WEB_DIST: '/nonexistent',
    });
    const get = () => fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: bearer() }).then((res) => res.text());
    try {
      await Promise.all([get(), get(), get()]);
      expect(opened).toBe(3);
      closing = true; // as a service does for the answers in flight when it starts to shut down
      await get();
      // The connection that carried the answer, and the two idle ones the gateway let go.
      await eventually(() => expect(closed).toBe(3));
      closing = false;
      await get();
      expect(opened).toBe(4);
    } finally {
      await gateway.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
