// deployables.json at the repository root is the one list of TripCost's
// processes. What cannot read it at run time is written from it by
// `npm run deployables` (scripts/sync-deployables.mjs): the chart's copy, the
// kit's compiled list, the Dockerfile's and skaffold.yaml's generated parts.
// Here: the list is sound, every generated file is up to date (a failure names
// the files and the command), the chart and the Dockerfile agree with the list,
// and a deployable added to a copy of the repository reaches every one of them.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { normalizeDeployables } = require('../../scripts/lib/deployables.cjs');
const {
  DEPLOYABLES,
  installTools,
  render,
  find,
  envOf,
  repoRoot,
  helmBin,
  kubectlBin,
  runOk,
  parseYaml,
  tempDir,
} = require('./helpers');

const JWT = { 'jwt.existingSecret': 'tripcost-jwt' };
const names = DEPLOYABLES.map((d) => d.name);
const SYNC = path.join(repoRoot, 'scripts', 'sync-deployables.mjs');
const sync = (...args) => spawnSync(process.execPath, [SYNC, ...args], { cwd: repoRoot, encoding: 'utf8' });

describe('deployables.json', () => {
  test('when read, then every deployable has a workspace of its own with a package.json and a src/main.ts', () => {
    const workspaces = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces;
    for (const d of DEPLOYABLES) {
      // Root package.json `workspaces` must list it.
      expect([d.name, workspaces.includes(d.dir)]).toEqual([d.name, true]);
      expect(fs.existsSync(path.join(repoRoot, d.dir, 'package.json'))).toBe(true);
      expect(fs.existsSync(path.join(repoRoot, d.dir, 'src', 'main.ts'))).toBe(true);
    }
  });

  test('when read, then the entry point (the gateway) calls exactly the deployables with routes, in the list’s order', () => {
    const gateway = DEPLOYABLES.find((d) => d.chart.public);
    expect(gateway.name).toBe('gateway');
    expect(gateway.calls).toEqual(DEPLOYABLES.filter((d) => d.routes.length > 0).map((d) => d.name));
    expect(gateway.calls).toEqual(['auth', 'trips', 'wishlists', 'integrations', 'notifications', 'imports']);
  });

  const raw = JSON.parse(fs.readFileSync(path.join(repoRoot, 'deployables.json'), 'utf8'));
  const withEntry = (change) => ({ deployables: raw.deployables.map((d) => (d.name === 'trips' ? change(d) : d)) });
  test.each([
    ['an unknown key', (d) => ({ ...d, replicas: 2 }), 'deployables[2] (trips): unknown key replicas'],
    ['a call to no deployable', (d) => ({ ...d, calls: ['trip'] }), 'calls trip, which is not another deployable'],
    ['a route of two segments', (d) => ({ ...d, routes: ['/api/trips/x'] }), 'routes must be a list of /api/<segment>'],
    ['a route another deployable has', (d) => ({ ...d, routes: ['/api/user'] }), "route /api/user is auth's already"],
    ['a port another deployable has', (d) => ({ ...d, port: 4001 }), 'trips: port 4001 is taken already'],
    ['a URL variable not named after it', (d) => ({ ...d, urlVar: 'TRIP_URL' }), 'urlVar must be TRIPS_URL'],
    ['an unknown chart setting', (d) => ({ ...d, chart: { replicaCount: 2 } }), 'chart.replicaCount is not one of'],
    [
      'a second entry point',
      (d) => ({ ...d, chart: { public: true } }),
      'exactly one deployable must have chart.public',
    ],
  ])('when an entry has %s, then reading the list fails saying which', (_case, change, message) => {
    expect(() => normalizeDeployables(withEntry(change))).toThrow(message);
  });
});

describe('the files written from deployables.json (npm run deployables)', () => {
  test('when checked, then the chart’s copy, the kit’s list, the Dockerfile and skaffold.yaml are up to date', () => {
    // On failure the output names each file out of date and the command that rewrites it.
    const result = sync('--check');
    expect({ status: result.status, output: `${result.stdout}${result.stderr}`.trim() }).toEqual({
      status: 0,
      output: 'deployables: every generated file matches deployables.json',
    });
  });
});

describe('the Helm chart (k8s/helm/tripcost/values.yaml `components`) against deployables.json', () => {
  let objects;
  beforeAll(() => {
    installTools();
    objects = render(JWT);
  });

  test('when rendered, then the chart deploys exactly the deployables', () => {
    const deployed = objects
      .filter((o) => o.kind === 'Deployment')
      .map((o) => o.metadata.labels['app.kubernetes.io/component']);
    expect(deployed.sort()).toEqual([...names].sort());
  });

  test.each(names)('when rendered, then %s listens on its port from deployables.json', (name) => {
    const { port } = DEPLOYABLES.find((d) => d.name === name);
    const container = find(objects, 'Deployment', `tripcost-${name}`).spec.template.spec.containers[0];
    expect(container.ports.find((p) => p.name === 'http').containerPort).toBe(port);
    expect(find(objects, 'ConfigMap', `tripcost-${name}`).data.PORT).toBe(String(port));
    expect(find(objects, 'Service', `tripcost-${name}`).spec.ports[0].port).toBe(port);
  });

  test.each(names)('when rendered, then %s is given the URL of exactly the deployables it calls', (name) => {
    const { calls } = DEPLOYABLES.find((d) => d.name === name);
    const data = find(objects, 'ConfigMap', `tripcost-${name}`).data;
    const given = DEPLOYABLES.filter((d) => data[d.urlVar] !== undefined);
    expect(given.map((d) => d.name).sort()).toEqual([...calls].sort());
    for (const callee of given) expect(data[callee.urlVar]).toBe(`http://tripcost-${callee.name}:${callee.port}`);
  });

  test.each(names)('when rendered, then %s gets a MongoDB URL exactly when it has a store', (name) => {
    const { store } = DEPLOYABLES.find((d) => d.name === name);
    const container = find(objects, 'Deployment', `tripcost-${name}`).spec.template.spec.containers[0];
    expect(envOf(container).MONGO_URL !== undefined).toBe(store);
  });
});

describe('the Dockerfile against deployables.json', () => {
  const dockerfile = fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');

  test('when the dependency layers are built, then both copy every deployable’s package.json before npm ci', () => {
    // A stage's COPY lines, then those of the stage it is built FROM (when that is a stage of this file).
    const copies = (stage) => {
      const start = lines.findIndex((l) => new RegExp(`^FROM .* AS ${stage}$`).test(l));
      if (start < 0) return [];
      const end = lines.findIndex((l, i) => i > start && /^FROM /.test(l));
      const base = /^FROM (\S+) AS /.exec(lines[start])[1];
      return [...lines.slice(start, end).filter((l) => l.startsWith('COPY ')), ...copies(base)];
    };
    for (const stage of ['deps', 'prod-deps']) {
      for (const d of DEPLOYABLES) {
        expect([stage, d.name, copies(stage).includes(`COPY ${d.dir}/package.json ${d.dir}/`)]).toEqual([
          stage,
          d.name,
          true,
        ]);
      }
    }
  });

  test('when SERVICE names a deployable, then both stages that need its workspace map it to its dir; anything else is refused', () => {
    const mappings = lines.filter((l) => l.startsWith('RUN ') && l.includes('dir="$(node'));
    expect(mappings).toHaveLength(2);
    const scripts = mappings.map((l) => /(dir="\$\(node .*?exit 1; \};)/.exec(l)[1]);
    // The Dockerfile's own shell lines, run with each name where the image has deployables.json.
    const dirFor = (script, service) =>
      spawnSync('sh', ['-c', `set -eu; ${script} echo "$dir"`], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, SERVICE: service },
        encoding: 'utf8',
      });
    for (const script of scripts) {
      for (const d of DEPLOYABLES) {
        const result = dirFor(script, d.name);
        expect([d.name, result.status, result.stdout.trim()]).toEqual([d.name, 0, d.dir]);
      }
      for (const refused of ['shared', '', 'web']) {
        const result = dirFor(script, refused);
        expect([refused, result.status, result.stderr]).toEqual([
          refused,
          1,
          `SERVICE must be the name of one of deployables.json's deployables (got '${refused}')\n`,
        ]);
      }
    }
  });
});

describe('a deployable added to a copy of the repository files, then `npm run deployables`', () => {
  // The new service: its entry is all that is written by hand (its folder aside).
  const reviews = {
    name: 'reviews',
    dir: 'services/reviews',
    port: 4007,
    urlVar: 'REVIEWS_URL',
    store: true,
    calls: ['trips'],
    routes: ['/api/reviews', '/api/ratings'],
    routeTimeoutMs: 12000,
    chart: { internetEgress: true },
  };
  const GENERATED = [
    'services/shared/src/deployables.generated.ts',
    'k8s/helm/tripcost/deployables.json',
    'Dockerfile',
    'skaffold.yaml',
  ];
  let copy;
  let before;
  let after;
  beforeAll(() => {
    installTools();
    copy = tempDir('tripcost-deployables-');
    for (const file of ['Dockerfile', 'skaffold.yaml', 'k8s/helm/tripcost', ...GENERATED]) {
      fs.cpSync(path.join(repoRoot, file), path.join(copy, file), { recursive: true });
    }
    const list = JSON.parse(fs.readFileSync(path.join(repoRoot, 'deployables.json'), 'utf8'));
    list.deployables.push(reviews);
    fs.writeFileSync(path.join(copy, 'deployables.json'), JSON.stringify(list, null, 2));
    before = sync('--check', '--root', copy);
    const written = sync('--root', copy);
    if (written.status !== 0) throw new Error(written.stderr);
    after = sync('--check', '--root', copy);
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));
  const read = (file) => fs.readFileSync(path.join(copy, file), 'utf8');

  test('when only the list has changed, then the check names every generated file, and after the command none', () => {
    expect(before.status).toBe(1);
    expect(before.stdout).toContain(
      `out of date with deployables.json: ${GENERATED.join(', ')}; run \`npm run deployables\``,
    );
    expect(after.status).toBe(0);
  });

  test('when written, then the Dockerfile installs its package.json and maps SERVICE=reviews to its workspace', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain(
      'COPY services/reviews/package.json services/reviews/\n# END generated: package-manifests',
    );
    const mapping = /(dir="\$\(node .*?exit 1; \};)/.exec(dockerfile.replace(/\\\n/g, ' '))[1];
    const result = spawnSync('sh', ['-c', `set -eu; ${mapping} echo "$dir"`], {
      cwd: copy,
      env: { PATH: process.env.PATH, SERVICE: 'reviews' },
      encoding: 'utf8',
    });
    expect(result.stdout.trim()).toBe('services/reviews');
  });

  test('when written, then skaffold builds its image, deploys it with its tag and syncs its sources in dev', () => {
    const config = JSON.parse(
      runOk(kubectlBin, ['label', '--local', '-f', path.join(copy, 'skaffold.yaml'), 'x=y', '-o', 'json']),
    );
    const index = config.build.artifacts.findIndex((a) => a.image === 'tripcost-reviews');
    expect(index).toBe(DEPLOYABLES.length);
    expect(config.build.artifacts[index].docker).toEqual({
      dockerfile: 'Dockerfile',
      buildArgs: { SERVICE: 'reviews' },
    });
    expect(config.deploy.helm.releases[0].setValueTemplates['components.reviews.image.repository']).toBe(
      '{{.IMAGE_REPO_tripcost_reviews}}',
    );
    const dev = config.profiles.find((p) => p.name === 'dev').patches;
    expect(dev.find((p) => p.path === `/build/artifacts/${index}/docker/target`).value).toBe('dev');
    expect(dev.find((p) => p.path === `/build/artifacts/${index}/sync`).value.manual).toEqual([
      { src: 'services/reviews/src/**', dest: '/app' },
      { src: 'services/shared/src/**', dest: '/app' },
    ]);
  });

  test('when the chart is rendered with no values changed, then it deploys it with its port, database, callee, egress and its gateway routes', () => {
    const objects = parseYaml(
      runOk(helmBin, [
        'template',
        'tripcost',
        path.join(copy, 'k8s/helm/tripcost'),
        '--namespace',
        'tripcost',
        ...Object.entries(JWT).flatMap(([k, v]) => ['--set', `${k}=${v}`]),
      ]),
    );
    const container = find(objects, 'Deployment', 'tripcost-reviews').spec.template.spec.containers[0];
    expect(container.ports.find((p) => p.name === 'http').containerPort).toBe(4007);
    expect(envOf(container).MONGO_URL).toEqual({
      secretKeyRef: { name: 'tripcost-connections', key: 'MONGO_URL_REVIEWS' },
    });
    expect(find(objects, 'ConfigMap', 'tripcost-reviews').data.TRIPS_URL).toBe('http://tripcost-trips:4002');
    // The gateway calls every deployable with routes: it is given the URL.
    expect(find(objects, 'ConfigMap', 'tripcost-gateway').data.REVIEWS_URL).toBe('http://tripcost-reviews:4007');
    const egress = find(objects, 'NetworkPolicy', 'tripcost-reviews').spec.egress;
    expect(egress.some((rule) => rule.ports?.some((p) => p.port === 443))).toBe(true);
  });

  test('when written, then the kit’s compiled list holds it with its routes, and the gateway calls it', () => {
    const ts = require('typescript');
    const source = ts.transpileModule(read('services/shared/src/deployables.generated.ts'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS },
    }).outputText;
    const compiled = { exports: {} };
    new Function('module', 'exports', source)(compiled, compiled.exports);
    const list = compiled.exports.DEPLOYABLES;
    expect(list.find((d) => d.name === 'reviews')).toEqual(
      // Everything but its chart settings, which only the chart reads.
      (({ chart: _chart, ...rest }) => rest)(reviews),
    );
    expect(list.find((d) => d.name === 'gateway').calls).toContain('reviews');
  });
});
