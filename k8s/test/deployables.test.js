// deployables.json at the repository root is the one list of TripCost's
// processes. What cannot read it at run time is checked against it here: the
// Helm chart's components (port, calls, store), the Dockerfile (every
// deployable's package.json in the npm ci layers, its SERVICE name mapped to
// its workspace) and, through COMPONENTS in helpers.js, skaffold.yaml and every
// other k8s test. Adding a service: docs/deploy.md, "Adding a component"; each
// failure below names the file to edit.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { DEPLOYABLES, installTools, render, find, envOf, repoRoot } = require('./helpers');

const JWT = { 'jwt.existingSecret': 'tripcost-jwt' };
const names = DEPLOYABLES.map((d) => d.name);
const urlVarOf = (name) => `${name.toUpperCase().replaceAll('-', '_')}_URL`;

describe('deployables.json', () => {
  test('when read, then every deployable has a unique name and port, a workspace of its own and a URL variable named after it', () => {
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(DEPLOYABLES.map((d) => d.port)).size).toBe(names.length);
    const workspaces = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces;
    for (const d of DEPLOYABLES) {
      expect(Object.keys(d).sort()).toEqual(['calls', 'dir', 'name', 'port', 'store', 'urlVar']);
      expect(d.name).toMatch(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
      expect(Number.isInteger(d.port) && d.port > 0 && d.port < 65536).toBe(true);
      expect(typeof d.store).toBe('boolean');
      // The chart derives the variable from the name; a different one would not reach the callers.
      expect(d.urlVar).toBe(urlVarOf(d.name));
      // Root package.json `workspaces` must list it, with a package.json and a src/main.ts.
      expect([d.name, workspaces.includes(d.dir)]).toEqual([d.name, true]);
      expect(fs.existsSync(path.join(repoRoot, d.dir, 'package.json'))).toBe(true);
      expect(fs.existsSync(path.join(repoRoot, d.dir, 'src', 'main.ts'))).toBe(true);
    }
  });

  test('when read, then every call names another deployable', () => {
    for (const d of DEPLOYABLES) {
      for (const callee of d.calls)
        expect([d.name, callee, names.includes(callee) && callee !== d.name]).toEqual([d.name, callee, true]);
    }
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

  test('when SERVICE names a deployable, then both `case` statements map it to its dir; anything else is refused', () => {
    const cases = lines.filter((l) => l.includes('case "${SERVICE:-}" in')).map((l) => /(case .*? esac;)/.exec(l)[1]);
    expect(cases).toHaveLength(2);
    // The Dockerfile's own shell, run with each name: the workspace it would build.
    const dirFor = (script, service) =>
      spawnSync('sh', ['-c', `set -eu; ${script} echo "$dir"`], { env: { SERVICE: service }, encoding: 'utf8' });
    for (const script of cases) {
      for (const d of DEPLOYABLES) {
        const result = dirFor(script, d.name);
        expect([d.name, result.status, result.stdout.trim()]).toEqual([d.name, 0, d.dir]);
      }
      expect(dirFor(script, 'shared').status).not.toBe(0);
      expect(dirFor(script, '').status).not.toBe(0);
    }
  });
});
