// `helm template` output, parsed: what every component gets (probes, resources,
// security context, keys, connection strings) and what each toggle changes.
const crypto = require('node:crypto');
const { COMPONENTS, DEPLOYABLES, PORTS, installTools, render, tryRender, find, ofKind, envOf } = require('./helpers');

// Most renders name an existing JWT Secret: generating a 4096-bit key on every
// render would make the suite slow. One test covers the generated Secret.
const JWT = { 'jwt.existingSecret': 'tripcost-jwt' };

const containerOf = (objects, component) =>
  find(objects, 'Deployment', `tripcost-${component}`).spec.template.spec.containers[0];
/** A component's plain settings (its ConfigMap) plus its env entries. */
const settingsOf = (objects, component) => ({
  ...find(objects, 'ConfigMap', `tripcost-${component}`).data,
  ...envOf(containerOf(objects, component)),
});
const podAnnotations = (objects, component) =>
  find(objects, 'Deployment', `tripcost-${component}`).spec.template.metadata.annotations;

beforeAll(() => installTools());

describe('application components with default values', () => {
  let objects;
  beforeAll(() => {
    objects = render(JWT);
  });

  test.each(COMPONENTS)('when rendered, then %s has a Deployment and a Service on its port', (component) => {
    const deployment = find(objects, 'Deployment', `tripcost-${component}`);
    const service = find(objects, 'Service', `tripcost-${component}`);
    expect(deployment).toBeDefined();
    expect(service).toBeDefined();
    const container = deployment.spec.template.spec.containers[0];
    expect(container.image).toBe(`tripcost-${component}:0.1.0`);
    const metrics = component === 'gateway' ? [{ name: 'metrics', containerPort: 9464, protocol: 'TCP' }] : [];
    expect(container.ports).toEqual([{ name: 'http', containerPort: PORTS[component], protocol: 'TCP' }, ...metrics]);
    expect(settingsOf(objects, component).PORT).toBe(String(PORTS[component]));
    expect(service.spec.ports[0]).toMatchObject({ port: PORTS[component], targetPort: 'http' });
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
  });

  test.each(COMPONENTS)(
    'when rendered, then %s is probed on /healthz (liveness) and /readyz (readiness)',
    (component) => {
      const container = containerOf(objects, component);
      expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    },
  );

  test.each(COMPONENTS)('when rendered, then %s has resource requests and limits', (component) => {
    const { resources } = containerOf(objects, component);
    for (const kind of ['requests', 'limits']) {
      expect(resources[kind].cpu).toBeTruthy();
      expect(resources[kind].memory).toBeTruthy();
    }
  });

  test.each(COMPONENTS)('when rendered, then %s runs non-root on a read-only root filesystem', (component) => {
    const pod = find(objects, 'Deployment', `tripcost-${component}`).spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(pod.terminationGracePeriodSeconds).toBe(15);
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.containers[0].securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    const tmp = pod.containers[0].volumeMounts.find((m) => m.mountPath === '/tmp');
    expect(pod.volumes.find((v) => v.name === tmp.name).emptyDir).toBeDefined();
  });

  test.each(COMPONENTS)('when rendered, then %s has a PodDisruptionBudget over its pods', (component) => {
    const pdb = find(objects, 'PodDisruptionBudget', `tripcost-${component}`);
    const deployment = find(objects, 'Deployment', `tripcost-${component}`);
    expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(pdb.spec.maxUnavailable).toBe(1);
  });

  test('when rendered, then only auth gets the private key and every component the public key', () => {
    for (const component of COMPONENTS) {
      const deployment = find(objects, 'Deployment', `tripcost-${component}`);
      const jwtVolume = deployment.spec.template.spec.volumes.find((v) => v.name === 'jwt');
      const files = jwtVolume.secret.items.map((item) => item.path).sort();
      expect(jwtVolume.secret.secretName).toBe('tripcost-jwt');
      expect(files).toEqual(component === 'auth' ? ['private.pem', 'public.pem'] : ['public.pem']);
      const mount = deployment.spec.template.spec.containers[0].volumeMounts.find((m) => m.name === 'jwt');
      expect(mount).toEqual({ name: 'jwt', mountPath: '/etc/tripcost/jwt', readOnly: true });
      const settings = settingsOf(objects, component);
      expect(settings.JWT_PRIVATE_KEY).toBe(component === 'auth' ? '/etc/tripcost/jwt/private.pem' : undefined);
      expect(settings.JWT_PUBLIC_KEY).toBe('/etc/tripcost/jwt/public.pem');
    }
    expect(find(objects, 'Secret', 'tripcost-jwt')).toBeUndefined();
  });

  test('when rendered, then each component gets its own ConfigMap with only the settings it knows', () => {
    const common = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      QUEUE_PREFIX: 'tripcost',
      JWT_PUBLIC_KEY: '/etc/tripcost/jwt/public.pem',
    };
    const config = (component) => find(objects, 'ConfigMap', `tripcost-${component}`).data;
    expect(config('gateway')).toEqual({
      ...common,
      PORT: '8080',
      AUTH_URL: 'http://tripcost-auth:4001',
      TRIPS_URL: 'http://tripcost-trips:4002',
      WISHLISTS_URL: 'http://tripcost-wishlists:4003',
      INTEGRATIONS_URL: 'http://tripcost-integrations:4004',
      NOTIFICATIONS_URL: 'http://tripcost-notifications:4006',
      IMPORTS_URL: 'http://tripcost-imports:4005',
      CORS_ORIGINS: 'http://localhost:8080',
      TRUST_PROXY: 'loopback, uniquelocal',
      METRICS_PORT: '9464',
      COMPRESS_ANSWERS: 'true',
    });
    expect(config('auth')).toEqual({
      ...common,
      PORT: '4001',
      JWT_PRIVATE_KEY: '/etc/tripcost/jwt/private.pem',
      // "Download my data" gathers the caller's trips, lists, notifications and import drafts from these.
      TRIPS_URL: 'http://tripcost-trips:4002',
      WISHLISTS_URL: 'http://tripcost-wishlists:4003',
      NOTIFICATIONS_URL: 'http://tripcost-notifications:4006',
      IMPORTS_URL: 'http://tripcost-imports:4005',
    });
    // Exchange rates for items in another currency come from integrations; invitation
    // links point at the web app (without an ingress: the gateway's local port).
    expect(config('trips')).toEqual({
      ...common,
      PORT: '4002',
      INTEGRATIONS_URL: 'http://tripcost-integrations:4004',
      PUBLIC_BASE_URL: 'http://localhost:8080',
    });
    expect(config('wishlists')).toEqual({ ...common, PORT: '4003', TRIPS_URL: 'http://tripcost-trips:4002' });
    expect(config('integrations')).toEqual({ ...common, PORT: '4004' });
    // Links in push and webhook messages and the calendar feed point at the web app too.
    expect(config('notifications')).toEqual({
      ...common,
      PORT: '4006',
      AUTH_URL: 'http://tripcost-auth:4001',
      TRIPS_URL: 'http://tripcost-trips:4002',
      PUBLIC_BASE_URL: 'http://localhost:8080',
    });
    // Imports adds cost items through trips and reads auth's keys; nothing else.
    expect(config('imports')).toEqual({
      ...common,
      PORT: '4005',
      TRIPS_URL: 'http://tripcost-trips:4002',
      AUTH_URL: 'http://tripcost-auth:4001',
    });
    for (const component of COMPONENTS) {
      const { envFrom } = containerOf(objects, component);
      expect(envFrom[0]).toEqual({ configMapRef: { name: `tripcost-${component}` } });
    }
  });

  test('when rendered, then no secret is an env literal or a ConfigMap entry: env holds only Secret references', () => {
    for (const component of COMPONENTS) {
      for (const variable of containerOf(objects, component).env) {
        expect({ name: variable.name, literal: variable.value }).toEqual({ name: variable.name, literal: undefined });
        expect(Object.keys(variable.valueFrom)).toEqual(['secretKeyRef']);
      }
    }
    for (const configMap of ofKind(objects, 'ConfigMap')) {
      for (const [name, value] of Object.entries(configMap.data)) {
        expect(name).not.toMatch(/MONGO_URL|REDIS_URL|API_KEY|PASSWORD|SECRET/);
        expect(value).not.toMatch(/BEGIN|:\/\/[^/]*@/);
      }
    }
  });

  test('when rendered, then every pod carries a checksum of its own configuration', () => {
    for (const component of COMPONENTS) {
      expect(podAnnotations(objects, component)['checksum/config']).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  test('when rendered, then each component with a store gets its own in-cluster database and all get Redis', () => {
    const connections = find(objects, 'Secret', 'tripcost-connections').stringData;
    const owners = DEPLOYABLES.filter((d) => d.store).map((d) => d.name);
    expect(connections).toEqual({
      REDIS_URL: 'redis://tripcost-redis:6379',
      ...Object.fromEntries(
        owners.map((name) => [`MONGO_URL_${name.toUpperCase()}`, `mongodb://tripcost-mongodb:27017/${name}`]),
      ),
    });
    for (const component of COMPONENTS) {
      const env = envOf(containerOf(objects, component));
      expect(env.REDIS_URL).toEqual({ secretKeyRef: { name: 'tripcost-connections', key: 'REDIS_URL' } });
      if (owners.includes(component)) {
        expect(env.MONGO_URL).toEqual({
          secretKeyRef: { name: 'tripcost-connections', key: `MONGO_URL_${component.toUpperCase()}` },
        });
      } else {
        expect(env.MONGO_URL).toBeUndefined();
      }
    }
  });

  test('when rendered, then MongoDB and Redis are non-root StatefulSets with claims, probes and resources', () => {
    for (const name of ['tripcost-mongodb', 'tripcost-redis']) {
      const set = find(objects, 'StatefulSet', name);
      expect(set).toBeDefined();
      expect(find(objects, 'Service', name)).toBeDefined();
      const pod = set.spec.template.spec;
      const container = pod.containers[0];
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
      expect(container.livenessProbe).toBeDefined();
      expect(container.readinessProbe).toBeDefined();
      expect(container.resources.limits.memory).toBeTruthy();
      expect(set.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
    }
  });

  test('when rendered, then no Ingress or HPA exists and the provider keys Secret is absent', () => {
    expect(ofKind(objects, 'Ingress')).toEqual([]);
    expect(ofKind(objects, 'HorizontalPodAutoscaler')).toEqual([]);
    expect(containerOf(objects, 'integrations').envFrom).toHaveLength(1);
    expect(find(objects, 'Deployment', 'tripcost-gateway').spec.replicas).toBe(1);
  });
});

describe('JWT key pair generated by Helm', () => {
  test('when no existing Secret is named, then one RSA key pair is generated, kept on uninstall, and its halves match', () => {
    const secret = find(render({}), 'Secret', 'tripcost-jwt');
    expect(secret.metadata.annotations['helm.sh/resource-policy']).toBe('keep');
    const privatePem = Buffer.from(secret.data['private.pem'], 'base64').toString();
    const publicPem = Buffer.from(secret.data['public.pem'], 'base64').toString();
    const privateKey = crypto.createPrivateKey(privatePem);
    // The public half is a certificate; Node (and jsonwebtoken) take it as a verification key.
    const publicKey = crypto.createPublicKey(publicPem);
    expect(privateKey.asymmetricKeyType).toBe('rsa');
    const payload = Buffer.from('header.claims');
    const signature = crypto.sign('sha256', payload, privateKey);
    expect(crypto.verify('sha256', payload, publicKey, signature)).toBe(true);
  });
});

describe('external MongoDB and Redis', () => {
  test('when mongodb.enabled=false with a url, then the in-cluster MongoDB is gone and each service gets its database', () => {
    const url = 'mongodb+srv://tripcost:secret@cluster0.example.net/{db}?retryWrites=true';
    const objects = render({ ...JWT, 'mongodb.enabled': 'false', 'mongodb.url': url });
    expect(find(objects, 'StatefulSet', 'tripcost-mongodb')).toBeUndefined();
    expect(find(objects, 'Service', 'tripcost-mongodb')).toBeUndefined();
    expect(find(objects, 'NetworkPolicy', 'tripcost-mongodb')).toBeUndefined();
    const connections = find(objects, 'Secret', 'tripcost-connections').stringData;
    expect(connections.MONGO_URL_AUTH).toBe('mongodb+srv://tripcost:secret@cluster0.example.net/auth?retryWrites=true');
    expect(connections.MONGO_URL_TRIPS).toBe(
      'mongodb+srv://tripcost:secret@cluster0.example.net/trips?retryWrites=true',
    );
    expect(connections.MONGO_URL_WISHLISTS).toBe(
      'mongodb+srv://tripcost:secret@cluster0.example.net/wishlists?retryWrites=true',
    );
  });

  test('when mongodb.url has no {db} placeholder, then it is given to the services unchanged', () => {
    const url = 'mongodb://mongo.internal:27017/tripcost';
    const objects = render({ ...JWT, 'mongodb.enabled': 'false', 'mongodb.url': url });
    expect(find(objects, 'Secret', 'tripcost-connections').stringData.MONGO_URL_AUTH).toBe(url);
  });

  test('when one service sets its own mongoUrl, then only that service uses it', () => {
    const objects = render({ ...JWT, 'components.trips.mongoUrl': 'mongodb://trips-db:27017/trips' });
    const connections = find(objects, 'Secret', 'tripcost-connections').stringData;
    expect(connections.MONGO_URL_TRIPS).toBe('mongodb://trips-db:27017/trips');
    expect(connections.MONGO_URL_AUTH).toBe('mongodb://tripcost-mongodb:27017/auth');
  });

  test('when the ingress compresses answers itself, then the gateway stops compressing them', () => {
    const objects = render({ ...JWT, 'ingress.compresses': 'true' });
    expect(find(objects, 'ConfigMap', 'tripcost-gateway').data.COMPRESS_ANSWERS).toBe('false');
    for (const component of COMPONENTS.filter((name) => name !== 'gateway')) {
      expect(find(objects, 'ConfigMap', `tripcost-${component}`).data.COMPRESS_ANSWERS).toBeUndefined();
    }
  });

  test('when mongodb.enabled=false without a url or Secret, then rendering fails naming both', () => {
    const result = tryRender({ ...JWT, 'mongodb.enabled': 'false' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('mongodb.existingSecret or mongodb.url');
  });

  test('when redis.enabled=false with a url, then the in-cluster Redis is gone and every component uses the url', () => {
    const objects = render({ ...JWT, 'redis.enabled': 'false', 'redis.url': 'rediss://:pw@redis.example.net:6380' });
    expect(find(objects, 'StatefulSet', 'tripcost-redis')).toBeUndefined();
    expect(find(objects, 'NetworkPolicy', 'tripcost-redis')).toBeUndefined();
    expect(find(objects, 'Secret', 'tripcost-connections').stringData.REDIS_URL).toBe(
      'rediss://:pw@redis.example.net:6380',
    );
  });

  test('when redis.enabled=false without a url or Secret, then rendering fails naming both', () => {
    const result = tryRender({ ...JWT, 'redis.enabled': 'false' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('redis.existingSecret or redis.url');
  });

  test('when MongoDB and Redis come from existing Secrets, then the services read them there and the chart makes no connections Secret', () => {
    const objects = render({
      ...JWT,
      'mongodb.enabled': 'false',
      'mongodb.existingSecret': 'mongo-urls',
      'mongodb.existingSecretKeys.trips': 'TRIPS_DB',
      'redis.enabled': 'false',
      'redis.existingSecret': 'redis-url',
      'redis.existingSecretKey': 'url',
    });
    expect(find(objects, 'Secret', 'tripcost-connections')).toBeUndefined();
    expect(find(objects, 'StatefulSet', 'tripcost-mongodb')).toBeUndefined();
    expect(find(objects, 'StatefulSet', 'tripcost-redis')).toBeUndefined();
    expect(envOf(containerOf(objects, 'trips')).MONGO_URL).toEqual({
      secretKeyRef: { name: 'mongo-urls', key: 'TRIPS_DB' },
    });
    expect(envOf(containerOf(objects, 'auth')).MONGO_URL).toEqual({
      secretKeyRef: { name: 'mongo-urls', key: 'MONGO_URL_AUTH' },
    });
    for (const component of COMPONENTS) {
      expect(envOf(containerOf(objects, component)).REDIS_URL).toEqual({
        secretKeyRef: { name: 'redis-url', key: 'url' },
      });
    }
  });
});

describe('rolling on configuration changes', () => {
  const checksums = (values) => {
    const objects = render({ ...JWT, ...values });
    return Object.fromEntries(COMPONENTS.map((c) => [c, podAnnotations(objects, c)['checksum/config']]));
  };
  let base;
  beforeAll(() => {
    base = checksums({});
  });

  test('when nothing changes, then the checksums are the same render after render', () => {
    expect(checksums({})).toEqual(base);
  });

  test("when one component's setting changes, then only that component's pods roll", () => {
    const changed = checksums({ 'components.trips.env.LOG_LEVEL': 'debug' });
    expect(COMPONENTS.filter((c) => changed[c] !== base[c])).toEqual(['trips']);
  });

  test('when a connection string in the chart Secret changes, then every pod rolls', () => {
    const changed = checksums({ 'redis.enabled': 'false', 'redis.url': 'redis://other.example:6379' });
    expect(COMPONENTS.filter((c) => changed[c] === base[c])).toEqual([]);
  });

  test('when a provider key changes, then integrations rolls', () => {
    const changed = checksums({ 'providers.openaiApiKey': 'sk-new' });
    expect(COMPONENTS.filter((c) => changed[c] !== base[c])).toEqual(['integrations']);
  });
});

describe('components as data (componentDefaults and components.<name>)', () => {
  test('when a component is added with only a port, then it gets every object the others get, from the defaults', () => {
    const objects = render({ ...JWT, 'components.reviews.port': '4005' });
    const container = containerOf(objects, 'reviews');
    expect(container.image).toBe('tripcost-reviews:0.1.0');
    expect(container.ports).toEqual([{ name: 'http', containerPort: 4005, protocol: 'TCP' }]);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.resources).toEqual({
      requests: { cpu: '50m', memory: '128Mi' },
      limits: { cpu: '500m', memory: '256Mi' },
    });
    expect(envOf(container).MONGO_URL).toBeUndefined();
    for (const kind of ['Service', 'ConfigMap', 'PodDisruptionBudget', 'NetworkPolicy']) {
      expect([kind, find(objects, kind, 'tripcost-reviews') !== undefined]).toEqual([kind, true]);
    }
    expect(podAnnotations(objects, 'reviews')['prometheus.io/port']).toBe('4005');
  });

  test('when a component gets a store and callers, then it gets its database and they get its URL', () => {
    const objects = render({
      ...JWT,
      'components.reviews.port': '4005',
      'components.reviews.store': 'true',
      'components.trips.calls': '{reviews}',
    });
    expect(find(objects, 'Secret', 'tripcost-connections').stringData.MONGO_URL_REVIEWS).toBe(
      'mongodb://tripcost-mongodb:27017/reviews',
    );
    expect(envOf(containerOf(objects, 'reviews')).MONGO_URL).toEqual({
      secretKeyRef: { name: 'tripcost-connections', key: 'MONGO_URL_REVIEWS' },
    });
    expect(find(objects, 'ConfigMap', 'tripcost-trips').data.REVIEWS_URL).toBe('http://tripcost-reviews:4005');
  });

  test('when componentDefaults change, then every component follows unless it sets its own value', () => {
    const objects = render({
      ...JWT,
      'componentDefaults.replicaCount': '2',
      'componentDefaults.probes.readiness.path': '/ready',
      'components.trips.replicaCount': '3',
    });
    expect(find(objects, 'Deployment', 'tripcost-auth').spec.replicas).toBe(2);
    expect(find(objects, 'Deployment', 'tripcost-trips').spec.replicas).toBe(3);
    expect(containerOf(objects, 'gateway').readinessProbe.httpGet.path).toBe('/ready');
  });

  test('when a component is incomplete or names an unknown one, then rendering fails saying which', () => {
    expect(tryRender({ ...JWT, 'components.reviews.store': 'true' }).stderr).toContain(
      'components.reviews.port is required',
    );
    expect(tryRender({ ...JWT, 'components.wishlists.calls': '{trip}' }).stderr).toContain(
      'components.wishlists.calls names trip, which is not one of the components',
    );
    expect(tryRender({ ...JWT, 'components.trips.public': 'true' }).stderr).toContain(
      'exactly one component must be public (the entry point); found 2: gateway, trips',
    );
  });
});

describe('toggles', () => {
  test('when ingress and autoscaling are on, then the Ingress routes to the gateway and the HPA scales it', () => {
    const objects = render({
      ...JWT,
      'ingress.enabled': 'true',
      'ingress.className': 'nginx',
      'ingress.hosts[0].host': 'trips.example.com',
      'ingress.hosts[0].paths[0].path': '/',
      'ingress.tls[0].secretName': 'tripcost-tls',
      'ingress.tls[0].hosts[0]': 'trips.example.com',
      'components.gateway.autoscaling.enabled': 'true',
      'components.integrations.autoscaling.enabled': 'true',
      'components.integrations.autoscaling.targetMemoryUtilizationPercentage': '80',
    });
    const ingress = find(objects, 'Ingress', 'tripcost');
    expect(ingress.spec.ingressClassName).toBe('nginx');
    expect(ingress.spec.tls).toEqual([{ secretName: 'tripcost-tls', hosts: ['trips.example.com'] }]);
    const rule = ingress.spec.rules[0];
    expect(rule.host).toBe('trips.example.com');
    expect(rule.http.paths[0].backend.service).toEqual({ name: 'tripcost-gateway', port: { name: 'http' } });
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'tripcost-gateway');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'tripcost-gateway' });
    expect(hpa.spec.minReplicas).toBe(2);
    expect(hpa.spec.metrics.map((m) => m.resource.name)).toEqual(['cpu']);
    const memoryToo = find(objects, 'HorizontalPodAutoscaler', 'tripcost-integrations');
    expect(memoryToo.spec.metrics.map((m) => [m.resource.name, m.resource.target.averageUtilization])).toEqual([
      ['cpu', 70],
      ['memory', 80],
    ]);
    // The HPA owns the replica count.
    expect(find(objects, 'Deployment', 'tripcost-gateway').spec.replicas).toBeUndefined();
    expect(find(objects, 'Deployment', 'tripcost-auth').spec.replicas).toBe(1);
    expect(find(objects, 'ConfigMap', 'tripcost-gateway').data.CORS_ORIGINS).toBe('https://trips.example.com');
    // An invitation link opens the app where travellers reach it.
    expect(find(objects, 'ConfigMap', 'tripcost-trips').data.PUBLIC_BASE_URL).toBe('https://trips.example.com');
  });

  test('when common.publicBaseUrl is set, then invitation links use it; a value that is no http(s) address is refused', () => {
    const objects = render({ ...JWT, 'common.publicBaseUrl': 'https://plan.example.org/' });
    expect(find(objects, 'ConfigMap', 'tripcost-trips').data.PUBLIC_BASE_URL).toBe('https://plan.example.org');
    expect(find(objects, 'ConfigMap', 'tripcost-gateway').data.PUBLIC_BASE_URL).toBeUndefined();
    expect(tryRender({ ...JWT, 'common.publicBaseUrl': 'plan.example.org' }).stderr).toContain('publicBaseUrl');
  });

  test('when minReplicas is above maxReplicas, then rendering fails saying so', () => {
    const result = tryRender({
      ...JWT,
      'components.auth.autoscaling.enabled': 'true',
      'components.auth.autoscaling.minReplicas': '5',
    });
    expect(result.stderr).toContain('components.auth.autoscaling.minReplicas (5) is above maxReplicas (4)');
  });

  test('when the gateway gets a metrics port, then it is a named container port only, set as METRICS_PORT and annotated for scraping', () => {
    const objects = render({ ...JWT, 'components.gateway.metricsPort': '9464' });
    const container = containerOf(objects, 'gateway');
    expect(container.ports).toContainEqual({ name: 'metrics', containerPort: 9464, protocol: 'TCP' });
    expect(settingsOf(objects, 'gateway').METRICS_PORT).toBe('9464');
    expect(find(objects, 'Service', 'tripcost-gateway').spec.ports.map((p) => p.port)).toEqual([8080]);
    expect(podAnnotations(objects, 'gateway')).toMatchObject({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': '9464',
      'prometheus.io/path': '/metrics',
    });
    // The services are scraped on their own port, never through the gateway.
    expect(podAnnotations(objects, 'trips')['prometheus.io/port']).toBe('4002');
    const off = render({ ...JWT, 'components.gateway.metricsPort': '0' });
    expect(settingsOf(off, 'gateway').METRICS_PORT).toBeUndefined();
    expect(podAnnotations(off, 'gateway')['prometheus.io/scrape']).toBeUndefined();
  });

  test('when topology spreading is on, then each component spreads across zones and nodes by its own pods', () => {
    const objects = render({ ...JWT, 'common.topologySpread.enabled': 'true' });
    for (const component of COMPONENTS) {
      const pod = find(objects, 'Deployment', `tripcost-${component}`).spec.template.spec;
      expect(pod.topologySpreadConstraints.map((c) => c.topologyKey)).toEqual([
        'topology.kubernetes.io/zone',
        'kubernetes.io/hostname',
      ]);
      for (const constraint of pod.topologySpreadConstraints) {
        expect(constraint.labelSelector.matchLabels['app.kubernetes.io/component']).toBe(component);
      }
    }
    expect(find(objects, 'StatefulSet', 'tripcost-redis').spec.template.spec.topologySpreadConstraints).toBeUndefined();
  });

  test('when extra public keys are named, then every component mounts them beside public.pem', () => {
    const objects = render({ ...JWT, 'jwt.extraPublicKeyKeys[0]': 'previous.pem' });
    for (const component of COMPONENTS) {
      const volume = find(objects, 'Deployment', `tripcost-${component}`).spec.template.spec.volumes.find(
        (v) => v.name === 'jwt',
      );
      expect(volume.secret.items.map((i) => i.path)).toContain('previous.pem');
    }
  });

  test('when NetworkPolicy and PDBs are off, then none are rendered', () => {
    const values = { ...JWT, 'networkPolicy.enabled': 'false' };
    for (const component of COMPONENTS) values[`components.${component}.pdb.enabled`] = 'false';
    const objects = render(values);
    expect(ofKind(objects, 'NetworkPolicy')).toEqual([]);
    expect(ofKind(objects, 'PodDisruptionBudget')).toEqual([]);
  });

  test('when provider keys are given as values, then integrations alone loads them from a chart Secret', () => {
    const objects = render({ ...JWT, 'providers.openaiApiKey': 'sk-test', 'providers.openaiModel': 'gpt-4o-mini' });
    expect(find(objects, 'Secret', 'tripcost-providers').stringData).toEqual({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-4o-mini',
    });
    expect(containerOf(objects, 'integrations').envFrom[1]).toEqual({
      secretRef: { name: 'tripcost-providers', optional: true },
    });
    expect(containerOf(objects, 'gateway').envFrom).toHaveLength(1);
  });

  test('when providers.existingSecret is set, then integrations loads it and the chart creates none', () => {
    const objects = render({
      ...JWT,
      'providers.existingSecret': 'my-provider-keys',
      'providers.openaiApiKey': 'ignored',
    });
    expect(find(objects, 'Secret', 'tripcost-providers')).toBeUndefined();
    expect(containerOf(objects, 'integrations').envFrom[1].secretRef.name).toBe('my-provider-keys');
  });

  test('when Web Push keys are given as values, then notifications alone loads them from a chart Secret', () => {
    const publicKey = 'B'.repeat(87);
    const privateKey = 'p'.repeat(43);
    const objects = render({ ...JWT, 'webPush.publicKey': publicKey, 'webPush.privateKey': privateKey });
    expect(find(objects, 'Secret', 'tripcost-web-push').stringData).toEqual({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    });
    expect(containerOf(objects, 'notifications').envFrom[1]).toEqual({
      secretRef: { name: 'tripcost-web-push', optional: true },
    });
    expect(containerOf(objects, 'integrations').envFrom).toHaveLength(1);
  });

  test('when no Web Push keys are given, then no Secret is made and notifications runs without push', () => {
    const objects = render({ ...JWT });
    expect(find(objects, 'Secret', 'tripcost-web-push')).toBeUndefined();
    expect(containerOf(objects, 'notifications').envFrom).toHaveLength(1);
    expect(() => render({ ...JWT, 'webPush.privateKey': 'not a key' })).toThrow();
  });

  test('when image repository and tag are set per component, then that image is used', () => {
    const objects = render({
      ...JWT,
      'components.auth.image.repository': 'registry.example.com/tripcost/auth',
      'components.auth.image.tag': 'abc123@sha256:0123',
    });
    expect(containerOf(objects, 'auth').image).toBe('registry.example.com/tripcost/auth:abc123@sha256:0123');
  });
});
