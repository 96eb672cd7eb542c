// Who may talk to whom once the chart's NetworkPolicies are enforced, as a
// table: every path TripCost needs is open, and the paths it does not need are
// closed, starting from the namespace-wide default deny.
const fs = require('node:fs');
const path = require('node:path');
const { COMPONENTS, DEPLOYABLES, PORTS, installTools, render, renderValuesSet, find, tempDir } = require('./helpers');

/** The components that own a database (deployables.json `store`). */
const STORE_OWNERS = DEPLOYABLES.filter((d) => d.store).map((d) => d.name);
const { allowed } = require('./network-policy');

const NS = 'tripcost';
const JWT = { 'jwt.existingSecret': 'tripcost-jwt' };

// Pods as the policies see them: the rendered pod templates' labels and named ports.
function endpoints(objects) {
  const pods = {};
  let n = 1;
  for (const o of objects.filter((x) => ['Deployment', 'StatefulSet', 'Pod'].includes(x.kind))) {
    const template = o.kind === 'Pod' ? o : o.spec.template;
    const name = template.metadata.labels['app.kubernetes.io/component'];
    const namedPorts = {};
    for (const c of template.spec.containers) for (const p of c.ports ?? []) namedPorts[p.name] = p.containerPort;
    pods[name] = { namespace: NS, labels: template.metadata.labels, namedPorts, ip: `10.0.0.${n++}` };
  }
  return {
    ...pods,
    'ingress-nginx': {
      namespace: 'ingress-nginx',
      labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
      ip: '10.0.1.1',
    },
    prometheus: { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' }, ip: '10.0.1.2' },
    'kube-dns': { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' }, ip: '10.0.1.3' },
    'other-namespace pod': { namespace: 'shop', labels: { app: 'shop' }, ip: '10.0.1.4' },
    'unrelated pod in the namespace': { namespace: NS, labels: { app: 'debug' }, ip: '10.0.1.5' },
    internet: { ip: '93.184.216.34' },
    'cloud metadata': { ip: '169.254.169.254' },
    'kubernetes API': { ip: '10.96.0.1' },
  };
}

describe('NetworkPolicies with default values', () => {
  let can;
  beforeAll(() => {
    installTools();
    const objects = render({ ...JWT, 'components.gateway.metricsPort': '9464' });
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const at = endpoints(objects);
    can = (from, to, port, protocol) => allowed(policies, NS, at[from], at[to], port, protocol);
  });

  test('when traffic comes from outside, then only the ingress controller reaches only the gateway, on its public port', () => {
    expect(can('ingress-nginx', 'gateway', 8080)).toBe(true);
    expect(can('internet', 'gateway', 8080)).toBe(false);
    expect(can('other-namespace pod', 'gateway', 8080)).toBe(false);
    expect(can('ingress-nginx', 'gateway', 9464)).toBe(false);
    for (const service of ['auth', 'trips', 'wishlists', 'integrations', 'mongodb', 'redis']) {
      expect([service, can('ingress-nginx', service, PORTS[service] ?? 27017)]).toEqual([service, false]);
    }
  });

  test('when the gateway proxies, then it reaches the four services and Redis, and not MongoDB', () => {
    for (const service of ['auth', 'trips', 'wishlists', 'integrations']) {
      expect([service, can('gateway', service, PORTS[service])]).toEqual([service, true]);
    }
    expect(can('gateway', 'redis', 6379)).toBe(true);
    expect(can('gateway', 'mongodb', 27017)).toBe(false);
    expect(can('gateway', 'internet', 443)).toBe(false);
  });

  test('when services call each other, then only wishlists → trips, auth → trips/wishlists (data export) and trips → integrations (exchange rates) are open', () => {
    const services = ['auth', 'trips', 'wishlists', 'integrations'];
    const open = [];
    for (const from of services)
      for (const to of services) if (from !== to && can(from, to, PORTS[to])) open.push(`${from}→${to}`);
    expect(open).toEqual(['auth→trips', 'auth→wishlists', 'trips→integrations', 'wishlists→trips']);
    for (const service of services) expect([service, can(service, 'gateway', 8080)]).toEqual([service, false]);
  });

  test('when services use storage, then the database owners reach MongoDB and every component reaches Redis', () => {
    const mongoClients = COMPONENTS.filter((c) => can(c, 'mongodb', 27017));
    expect(mongoClients).toEqual(STORE_OWNERS);
    expect(COMPONENTS.filter((c) => can(c, 'redis', 6379))).toEqual(COMPONENTS);
    expect(can('unrelated pod in the namespace', 'redis', 6379)).toBe(false);
    expect(can('unrelated pod in the namespace', 'mongodb', 27017)).toBe(false);
    expect(can('mongodb', 'internet', 443)).toBe(false);
    expect(can('redis', 'internet', 443)).toBe(false);
  });

  test('when imports reads documents, then it reaches only trips, auth, Redis and DNS: no database, no internet (parsers never fetch)', () => {
    const reached = [...COMPONENTS, 'mongodb', 'internet', 'kubernetes API', 'cloud metadata'].filter(
      (to) => to !== 'imports' && can('imports', to, PORTS[to] ?? (to === 'mongodb' ? 27017 : 443)),
    );
    expect(reached).toEqual(['auth', 'trips']);
    expect(can('imports', 'redis', 6379)).toBe(true);
    expect(can('imports', 'kube-dns', 53, 'UDP')).toBe(true);
    expect(can('imports', 'internet', 80)).toBe(false);
    expect(can('gateway', 'imports', PORTS.imports)).toBe(true);
    expect(can('auth', 'imports', PORTS.imports)).toBe(true);
    expect(can('ingress-nginx', 'imports', PORTS.imports)).toBe(false);
  });

  test('when integrations calls its providers, then only HTTPS to the internet is open, not cluster or metadata addresses', () => {
    expect(can('integrations', 'internet', 443)).toBe(true);
    expect(can('integrations', 'internet', 80)).toBe(false);
    expect(can('integrations', 'kubernetes API', 443)).toBe(false);
    expect(can('integrations', 'cloud metadata', 443)).toBe(false);
    expect(can('integrations', 'cloud metadata', 80)).toBe(false);
    for (const other of ['gateway', 'auth', 'trips', 'wishlists']) {
      expect([other, can(other, 'internet', 443)]).toEqual([other, false]);
    }
  });

  test('when notifications delivers, then it reaches only Redis, auth, trips, its database and HTTPS on the internet', () => {
    expect(can('notifications', 'internet', 443)).toBe(true);
    expect(can('notifications', 'internet', 80)).toBe(false);
    expect(can('notifications', 'cloud metadata', 443)).toBe(false);
    expect(can('notifications', 'kubernetes API', 443)).toBe(false);
    const reached = COMPONENTS.filter((c) => c !== 'notifications' && can('notifications', c, PORTS[c]));
    expect(reached).toEqual(['auth', 'trips']);
    expect(can('notifications', 'redis', 6379)).toBe(true);
    expect(can('notifications', 'mongodb', 27017)).toBe(true);
    // Travellers reach it only through the gateway; auth gathers its part of the export.
    const callers = COMPONENTS.filter((c) => c !== 'notifications' && can(c, 'notifications', PORTS.notifications));
    expect(callers).toEqual(['gateway', 'auth']);
  });

  test('when any pod resolves a name, then cluster DNS answers on 53 and nothing else there is open', () => {
    for (const pod of [...COMPONENTS, 'mongodb', 'redis', 'test', 'unrelated pod in the namespace']) {
      expect([pod, can(pod, 'kube-dns', 53, 'UDP'), can(pod, 'kube-dns', 53, 'TCP')]).toEqual([pod, true, true]);
      expect([pod, can(pod, 'kube-dns', 8080)]).toEqual([pod, false]);
    }
  });

  test('when Prometheus scrapes, then it reaches the gateway metrics port and each service port, not the gateway public port', () => {
    expect(can('prometheus', 'gateway', 9464)).toBe(true);
    expect(can('prometheus', 'gateway', 8080)).toBe(false);
    for (const service of ['auth', 'trips', 'wishlists', 'integrations']) {
      expect([service, can('prometheus', service, PORTS[service])]).toEqual([service, true]);
    }
    expect(can('prometheus', 'redis', 6379)).toBe(false);
    expect(can('other-namespace pod', 'trips', 4002)).toBe(false);
  });

  test('when `helm test` runs, then its pod reaches the gateway and nothing else', () => {
    expect(can('test', 'gateway', 8080)).toBe(true);
    expect(can('test', 'trips', 4002)).toBe(false);
    expect(can('test', 'redis', 6379)).toBe(false);
    expect(can('test', 'internet', 443)).toBe(false);
  });

  test('when a pod nobody planned for joins the namespace, then the default deny leaves it only DNS', () => {
    expect(can('unrelated pod in the namespace', 'internet', 443)).toBe(false);
    expect(can('unrelated pod in the namespace', 'gateway', 8080)).toBe(false);
    expect(can('gateway', 'unrelated pod in the namespace', 8080)).toBe(false);
  });
});

describe('NetworkPolicies turned off', () => {
  test('when networkPolicy.enabled=false, then the same table is wide open (the checks above are not vacuous)', () => {
    const objects = render({ ...JWT, 'networkPolicy.enabled': 'false' });
    const at = endpoints(objects);
    expect(allowed([], NS, at.internet, at.trips, 4002)).toBe(true);
    expect(allowed([], NS, at.gateway, at.mongodb, 27017)).toBe(true);
    expect(objects.filter((o) => o.kind === 'NetworkPolicy')).toEqual([]);
  });
});

describe('NetworkPolicies with the prod values (external MongoDB and Redis)', () => {
  test('when the databases are outside, then only their owners reach them, on their ports, outside the cluster networks too', () => {
    const objects = renderValuesSet('prod');
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const at = endpoints(objects);
    const database = { ip: '52.1.2.3' };
    const can = (from, to, port) => allowed(policies, NS, at[from], to, port);
    expect(COMPONENTS.filter((c) => can(c, database, 27017))).toEqual(STORE_OWNERS);
    expect(COMPONENTS.filter((c) => can(c, database, 6379))).toEqual(COMPONENTS);
    expect(can('trips', database, 5432)).toBe(false);
    expect(find(objects, 'NetworkPolicy', 'tripcost-mongodb')).toBeUndefined();
  });

  test('when gatewayFromAnywhere is set (a LoadBalancer Service), then anyone reaches the public port and still nothing else', () => {
    const objects = render({ ...JWT, 'networkPolicy.gatewayFromAnywhere': 'true' });
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const at = endpoints(objects);
    expect(allowed(policies, NS, at.internet, at.gateway, 8080)).toBe(true);
    expect(allowed(policies, NS, at.internet, at.trips, 4002)).toBe(false);
  });
});

describe('NetworkPolicies follow the components’ values', () => {
  test('when a component is added with a store and the gateway calls it, then exactly its paths open: from the gateway, to MongoDB and Redis', () => {
    const objects = render({
      ...JWT,
      'components.reviews.port': '4005',
      'components.reviews.store': 'true',
      'components.gateway.calls': '{auth,trips,wishlists,integrations,reviews}',
    });
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const at = endpoints(objects);
    const can = (from, to, port) => allowed(policies, NS, at[from], at[to], port);
    expect(can('gateway', 'reviews', 4005)).toBe(true);
    expect(can('reviews', 'mongodb', 27017)).toBe(true);
    expect(can('reviews', 'redis', 6379)).toBe(true);
    expect(can('prometheus', 'reviews', 4005)).toBe(true);
    for (const other of ['auth', 'trips', 'wishlists', 'integrations']) {
      expect([other, can(other, 'reviews', 4005), can('reviews', other, PORTS[other])]).toEqual([other, false, false]);
    }
    expect(can('ingress-nginx', 'reviews', 4005)).toBe(false);
    expect(can('reviews', 'internet', 443)).toBe(false);
  });

  test('when a call is removed from the values, then that path closes and the others stay', () => {
    // `--set` cannot say "an empty list"; a values file can.
    const file = path.join(tempDir('tripcost-values-'), 'no-calls.yaml');
    fs.writeFileSync(file, 'components:\n  wishlists:\n    calls: []\n');
    const objects = render(JWT, [file]);
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const at = endpoints(objects);
    expect(allowed(policies, NS, at.wishlists, at.trips, 4002)).toBe(false);
    expect(allowed(policies, NS, at.auth, at.trips, 4002)).toBe(true);
    expect(find(objects, 'ConfigMap', 'tripcost-wishlists').data.TRIPS_URL).toBeUndefined();
  });
});
