// The gateway's routing table and upstream settings come from deployables.json, compiled
// into the kit (services/shared/src/deployables.generated.ts, written by `npm run
// deployables`), because its image does not carry the root file. Here: the compiled list
// is the root list; the gateway routes to exactly the deployables with routes, each at its
// URL variable with its port as the default, with an instance id and a timeout of its own;
// and a deployable added to the list is routed and configured with no edit to the gateway.
import { DEPLOYABLES } from '@tripcost/shared';
import { gatewayConfigSchema, loadGatewayConfig, type RoutedDeployable } from '../src/config';
import { upstreamFor, upstreamsFrom } from '../src/routing';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the root scripts' one reader of the list
const { readDeployables } = require('../../scripts/lib/deployables.cjs') as {
  readDeployables(): (RoutedDeployable & { calls: string[]; chart: object; dir: string; store: boolean })[];
};

const listed = readDeployables();
const routed = listed.filter((d) => d.routes.length > 0);
const gateway = listed.find((d) => d.name === 'gateway')!;

describe('the gateway against deployables.json', () => {
  const config = loadGatewayConfig({});
  const upstreams = upstreamsFrom(config);

  it('when the kit is built, then its compiled list is the root list (else: npm run deployables)', () => {
    const compiled = JSON.parse(JSON.stringify(DEPLOYABLES));
    expect(compiled).toEqual(listed.map(({ chart: _chart, ...d }) => JSON.parse(JSON.stringify(d))));
  });

  it('when started with defaults, then it routes to exactly the deployables it calls, in the list’s order', () => {
    expect(upstreams.map((u) => u.name)).toEqual(gateway.calls);
    expect(upstreams.map((u) => u.name)).toEqual(routed.map((d) => d.name));
  });

  it.each(routed.map((d) => d.name))(
    'when started with defaults, then %s is reached at its port and serves its routes',
    (name) => {
      const callee = listed.find((d) => d.name === name)!;
      const upstream = upstreams.find((u) => u.name === name)!;
      expect(upstream.target).toBe(`http://127.0.0.1:${callee.port}`);
      expect(upstream.prefixes).toEqual(callee.routes);
      for (const route of callee.routes) expect(upstreamFor(upstreams, `${route}/x?y=1`)?.name).toBe(name);
      expect(upstream.timeoutMs).toBe(callee.routeTimeoutMs ?? config.UPSTREAM_TIMEOUT_MS);
    },
  );

  it.each(routed.map((d) => d.name))(
    'when configured, then %s is read from its URL, instance and timeout variables',
    (name) => {
      const callee = listed.find((d) => d.name === name)!;
      const prefix = name.toUpperCase();
      const instanceVar = `${prefix}_INSTANCE_ID`;
      const timeoutVar = callee.routeTimeoutMs === undefined ? 'UPSTREAM_TIMEOUT_MS' : `${prefix}_TIMEOUT_MS`;
      expect(Object.keys(gatewayConfigSchema.shape)).toEqual(
        expect.arrayContaining([callee.urlVar, instanceVar, timeoutVar]),
      );
      const configured = upstreamsFrom(
        loadGatewayConfig({
          [callee.urlVar]: 'http://10.0.0.9:1234',
          [instanceVar]: `${name}-x`,
          [timeoutVar]: '4321',
        }),
      ).find((u) => u.name === name);
      expect(configured).toMatchObject({ target: 'http://10.0.0.9:1234', instanceId: `${name}-x`, timeoutMs: 4321 });
    },
  );

  it('when the earlier variable names are set, then they still configure the same upstreams', () => {
    const configured = upstreamsFrom(
      loadGatewayConfig({ INTEGRATIONS_TIMEOUT_MS: '111', IMPORTS_TIMEOUT_MS: '222', UPSTREAM_TIMEOUT_MS: '333' }),
    );
    const timeouts = Object.fromEntries(configured.map((u) => [u.name, u.timeoutMs]));
    expect(timeouts).toEqual({
      auth: 333,
      trips: 333,
      wishlists: 333,
      integrations: 111,
      notifications: 333,
      imports: 222,
    });
  });

  it('when started with defaults, then the gateway listens on its port from deployables.json', () => {
    expect(config.PORT).toBe(gateway.port);
  });
});

describe('a deployable added to the list', () => {
  const reviews: RoutedDeployable = {
    name: 'reviews',
    port: 4007,
    urlVar: 'REVIEWS_URL',
    routes: ['/api/reviews', '/api/ratings'],
    routeTimeoutMs: 12_000,
  };
  const list = [...DEPLOYABLES, reviews];

  it('when the gateway starts with it, then its routes lead to it at its default port with its own timeout', () => {
    const upstreams = upstreamsFrom(loadGatewayConfig({}, list), list);
    expect(upstreams.map((u) => u.name)).toEqual([...routed.map((d) => d.name), 'reviews']);
    expect(upstreamFor(upstreams, '/api/ratings/42')).toMatchObject({
      name: 'reviews',
      target: 'http://127.0.0.1:4007',
      timeoutMs: 12_000,
      prefixes: ['/api/reviews', '/api/ratings'],
    });
    // The others are where they were.
    expect(upstreamFor(upstreams, '/api/trips')?.name).toBe('trips');
  });

  it('when configured, then it is read from REVIEWS_URL, REVIEWS_INSTANCE_ID and REVIEWS_TIMEOUT_MS', () => {
    const env = { REVIEWS_URL: 'http://10.0.0.7:80', REVIEWS_INSTANCE_ID: 'reviews-1', REVIEWS_TIMEOUT_MS: '900' };
    const upstream = upstreamsFrom(loadGatewayConfig(env, list), list).find((u) => u.name === 'reviews');
    expect(upstream).toMatchObject({ target: 'http://10.0.0.7:80', instanceId: 'reviews-1', timeoutMs: 900 });
  });

  it('when its URL is not a URL, then the configuration is refused naming the variable', () => {
    expect(() => loadGatewayConfig({ REVIEWS_URL: 'reviews at port 80' }, list)).toThrow(/REVIEWS_URL/);
  });
});
