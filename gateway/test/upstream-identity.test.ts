// The gateway proxies only to the service it was started with: with an expected instance
// (`TRIPS_INSTANCE_ID`, set by `npm start`), an upstream whose /healthz answers any
// other instance — another checkout's service on the same port — counts as down.
import type { ServerResponse } from 'node:http';
import type { RunningServer } from '@tripcost/shared';
import { eventually, testUser, tokenFor } from '@tripcost/shared/testing';
import { fakeUpstream, startTestGateway, type FakeUpstream, type Received } from './helpers';

const bearer = () => ({ authorization: `Bearer ${tokenFor(testUser())}` });

/** An upstream that answers /healthz as `instance` (none: as an older or foreign service does). */
function answersAs(upstream: FakeUpstream, who: { instance?: string }) {
  upstream.respond = (req: Pick<Received, 'url'>, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/healthz') return void res.end(JSON.stringify({ status: 'ok', ...who }));
    res.end(JSON.stringify({ trips: [], from: who.instance ?? 'unnamed' }));
  };
}

const apiCalls = (upstream: FakeUpstream) => upstream.received.filter((call) => call.url !== '/healthz');

describe('the gateway checking that an upstream is its own instance', () => {
  let trips: FakeUpstream;
  let gateway: RunningServer | undefined;
  beforeEach(async () => {
    trips = await fakeUpstream('trips');
  });
  afterEach(async () => {
    await gateway?.stop();
    gateway = undefined;
    await trips.close();
  });

  it('when the upstream answers /healthz 200 as another instance, then the traveller gets 503 JSON and the request never reaches it', async () => {
    answersAs(trips, { instance: 'other-checkout-trips' });
    gateway = await startTestGateway({
      TRIPS_URL: trips.url,
      TRIPS_INSTANCE_ID: 'run-a-trips',
      WEB_DIST: '/nonexistent',
    });
    const res = await fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: bearer() });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      msg: 'The trips service is unavailable. Please try again shortly.',
      code: 'upstream_unverified',
    });
    expect(apiCalls(trips)).toEqual([]);
  });

  it('when the upstream answers /healthz with no instance at all, then it is not taken for ours either', async () => {
    answersAs(trips, {});
    gateway = await startTestGateway({
      TRIPS_URL: trips.url,
      TRIPS_INSTANCE_ID: 'run-a-trips',
      WEB_DIST: '/nonexistent',
    });
    const res = await fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: bearer() });
    expect(res.status).toBe(503);
    expect(apiCalls(trips)).toEqual([]);
  });

  it('when the upstream answers as the expected instance, then requests pass; when another process takes its place, they stop', async () => {
    answersAs(trips, { instance: 'run-a-trips' });
    gateway = await startTestGateway({
      TRIPS_URL: trips.url,
      TRIPS_INSTANCE_ID: 'run-a-trips',
      UPSTREAM_IDENTITY_CHECK_MS: '50',
      WEB_DIST: '/nonexistent',
    });
    const ok = await fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: bearer() });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ trips: [], from: 'run-a-trips' });

    answersAs(trips, { instance: 'other-checkout-trips' });
    await eventually(async () => {
      expect((await fetch(`${gateway!.url}/api/trips/getaway-trip`, { headers: bearer() })).status).toBe(503);
    });
    const reached = apiCalls(trips).length;
    expect((await fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: bearer() })).status).toBe(503);
    expect(apiCalls(trips)).toHaveLength(reached);
  });

  it('when no instance is expected (a deployment), then the upstream is not asked and requests pass as before', async () => {
    answersAs(trips, { instance: 'whoever' });
    gateway = await startTestGateway({ TRIPS_URL: trips.url, WEB_DIST: '/nonexistent' });
    const res = await fetch(`${gateway.url}/api/trips/getaway-trip`, { headers: bearer() });
    expect(res.status).toBe(200);
    expect(trips.received.map((call) => call.url)).toEqual(['/api/trips/getaway-trip']);
  });

  it('when the gateway itself was given an instance, then its /healthz answers it', async () => {
    gateway = await startTestGateway({ INSTANCE_ID: 'run-a-gateway', WEB_DIST: '/nonexistent' });
    expect(await (await fetch(`${gateway.url}/healthz`)).json()).toEqual({ status: 'ok', instance: 'run-a-gateway' });
  });
});
