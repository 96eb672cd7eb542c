// `helm template` output, parsed: what every component gets (probes, resources,
// security context, keys, connection strings) and what each toggle changes.
const crypto = require('node:crypto');
const { COMPONENTS, PORTS, installTools, render, run, helmBin, chartDir, find, ofKind, envOf } = require('./helpers');

// Most renders name an existing JWT Secret: generating a 4096-bit key on every
// render would make the suite slow. One test covers the generated Secret.
const JWT = { 'jwt.existingSecret': 'tripcost-jwt' };

const containerOf = (objects, component) =>
  find(objects, 'Deployment', `tripcost-${component}`).spec.template.spec.containers[0];

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
    expect(container.ports).toEqual([{ name: 'http', containerPort: PORTS[component], protocol: 'TCP' }]);
    expect(envOf(container).PORT).toBe(String(PORTS[component]));
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
      const env = envOf(deployment.spec.template.spec.containers[0]);
      expect(env.JWT_PRIVATE_KEY).toBe(component === 'auth' ? '/etc/tripcost/jwt/private.pem' : undefined);
    }
    expect(envOf(containerOf(objects, 'gateway')).TRUST_PROXY).toBe('loopback, uniquelocal');
    expect(find(objects, 'ConfigMap', 'tripcost-config').data.JWT_PUBLIC_KEY).toBe('/etc/tripcost/jwt/public.pem');
    expect(find(objects, 'Secret', 'tripcost-jwt')).toBeUndefined();
  });

  test('when rendered, then the shared ConfigMap carries the documented environment and the gateway upstreams', () => {
    const config = find(objects, 'ConfigMap', 'tripcost-config').data;
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      AUTH_URL: 'http://tripcost-auth:4001',
      TRIPS_URL: 'http://tripcost-trips:4002',
      WISHLISTS_URL: 'http://tripcost-wishlists:4003',
      INTEGRATIONS_URL: 'http://tripcost-integrations:4004',
      CORS_ORIGINS: 'http://localhost:8080',
    });
    for (const component of COMPONENTS) {
      const { envFrom } = containerOf(objects, component);
      expect(envFrom[0]).toEqual({ configMapRef: { name: 'tripcost-config' } });
    }
  });

  test('when rendered, then auth, trips and wishlists each get their own in-cluster database and all get Redis', () => {
    const connections = find(objects, 'Secret', 'tripcost-connections').stringData;
    expect(connections).toEqual({
      REDIS_URL: 'redis://tripcost-redis:6379',
      MONGO_URL_AUTH: 'mongodb://tripcost-mongodb:27017/auth',
      MONGO_URL_TRIPS: 'mongodb://tripcost-mongodb:27017/trips',
      MONGO_URL_WISHLISTS: 'mongodb://tripcost-mongodb:27017/wishlists',
    });
    for (const component of COMPONENTS) {
      const env = envOf(containerOf(objects, component));
      expect(env.REDIS_URL).toEqual({ secretKeyRef: { name: 'tripcost-connections', key: 'REDIS_URL' } });
      if (['auth', 'trips', 'wishlists'].includes(component)) {
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
    const objects = render({ ...JWT, 'trips.mongoUrl': 'mongodb://trips-db:27017/trips' });
    const connections = find(objects, 'Secret', 'tripcost-connections').stringData;
    expect(connections.MONGO_URL_TRIPS).toBe('mongodb://trips-db:27017/trips');
    expect(connections.MONGO_URL_AUTH).toBe('mongodb://tripcost-mongodb:27017/auth');
  });

  test('when mongodb.enabled=false without a url, then rendering fails naming mongodb.url', () => {
    const result = run(helmBin, [
      'template',
      'tripcost',
      chartDir,
      '--set',
      'jwt.existingSecret=x',
      '--set',
      'mongodb.enabled=false',
    ]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('mongodb.url');
  });

  test('when redis.enabled=false with a url, then the in-cluster Redis is gone and every component uses the url', () => {
    const objects = render({ ...JWT, 'redis.enabled': 'false', 'redis.url': 'rediss://:pw@redis.example.net:6380' });
    expect(find(objects, 'StatefulSet', 'tripcost-redis')).toBeUndefined();
    expect(find(objects, 'NetworkPolicy', 'tripcost-redis')).toBeUndefined();
    expect(find(objects, 'Secret', 'tripcost-connections').stringData.REDIS_URL).toBe(
      'rediss://:pw@redis.example.net:6380',
    );
  });

  test('when redis.enabled=false without a url, then rendering fails naming redis.url', () => {
    const result = run(helmBin, [
      'template',
      'tripcost',
      chartDir,
      '--set',
      'jwt.existingSecret=x',
      '--set',
      'redis.enabled=false',
    ]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('redis.url');
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
      'gateway.autoscaling.enabled': 'true',
    });
    const ingress = find(objects, 'Ingress', 'tripcost');
    expect(ingress.spec.ingressClassName).toBe('nginx');
    const rule = ingress.spec.rules[0];
    expect(rule.host).toBe('trips.example.com');
    expect(rule.http.paths[0].backend.service).toEqual({ name: 'tripcost-gateway', port: { name: 'http' } });
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'tripcost-gateway');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'tripcost-gateway' });
    expect(hpa.spec.minReplicas).toBe(2);
    // The HPA owns the replica count.
    expect(find(objects, 'Deployment', 'tripcost-gateway').spec.replicas).toBeUndefined();
    expect(find(objects, 'ConfigMap', 'tripcost-config').data.CORS_ORIGINS).toBe('https://trips.example.com');
  });

  test('when NetworkPolicy is on, then services admit the gateway and MongoDB admits only its owners', () => {
    const objects = render({ ...JWT, 'networkPolicy.allowServiceToService': 'false' });
    const componentsAllowed = (name) =>
      find(objects, 'NetworkPolicy', name).spec.ingress[0].from[0].podSelector.matchExpressions[0].values;
    expect(find(objects, 'NetworkPolicy', 'tripcost-gateway').spec.ingress[0].from).toBeUndefined();
    for (const service of ['auth', 'trips', 'wishlists', 'integrations']) {
      expect(componentsAllowed(`tripcost-${service}`)).toEqual(['gateway']);
    }
    expect(componentsAllowed('tripcost-mongodb')).toEqual(['auth', 'trips', 'wishlists']);
    expect(componentsAllowed('tripcost-redis')).toEqual(COMPONENTS);
    const withCalls = render(JWT);
    expect(
      find(withCalls, 'NetworkPolicy', 'tripcost-trips').spec.ingress[0].from[0].podSelector.matchExpressions[0].values,
    ).toEqual(['gateway', 'auth', 'wishlists', 'integrations']);
  });

  test('when NetworkPolicy and PDBs are off, then none are rendered', () => {
    const values = { ...JWT, 'networkPolicy.enabled': 'false' };
    for (const component of COMPONENTS) values[`${component}.pdb.enabled`] = 'false';
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

  test('when image repository and tag are set per component, then that image is used', () => {
    const objects = render({
      ...JWT,
      'auth.image.repository': 'registry.example.com/tripcost/auth',
      'auth.image.tag': 'abc123@sha256:0123',
    });
    expect(containerOf(objects, 'auth').image).toBe('registry.example.com/tripcost/auth:abc123@sha256:0123');
  });
});
