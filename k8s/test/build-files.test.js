// Facts about the Dockerfile, .dockerignore and skaffold.yaml that can be
// checked without Docker or skaffold: what the production image contains and
// runs as, what the build context leaves out, and that skaffold builds exactly
// the images the chart deploys and syncs sources in its dev profile. (No
// skaffold v4 JSON schema is published on npm, so these facts are checked
// instead.)
const fs = require('node:fs');
const path = require('node:path');
const {
  COMPONENTS,
  NODE_FLAGS,
  VALUES_FILES,
  chartDir,
  installTools,
  kubectlBin,
  repoRoot,
  runOk,
  tryRender,
} = require('./helpers');

/** Dockerfile → stages [{name, from, lines: [instruction lines, continuations joined]}]. */
function dockerStages(text) {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1], name: from[2], lines: [] });
    else if (stages.length) stages[stages.length - 1].lines.push(line);
  }
  return stages;
}

describe('Dockerfile', () => {
  const stages = dockerStages(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
  const stage = (name) => stages.find((s) => s.name === name);
  const final = stages[stages.length - 1];

  test('when read, then it is one multi-stage file whose last (default) stage is the runtime', () => {
    expect(stages.map((s) => s.name)).toEqual([
      'manifests',
      'deps',
      'build',
      'dev',
      'prod-deps',
      'assemble',
      'runtime',
    ]);
    expect(final.name).toBe('runtime');
    expect(final.from).toBe('${NODE_IMAGE}');
  });

  test('when the production dependencies are installed, then it is `npm ci --omit=dev` for the one workspace', () => {
    const install = stage('prod-deps').lines.find((l) => l.includes('npm ci'));
    expect(install).toMatch(/npm ci --omit=dev --workspace="\$dir"/);
    // The workspace is the deployable's dir, read from deployables.json (deployables.test.js runs it).
    expect(install).toContain('require("./deployables.json")');
    expect(stage('prod-deps').lines).toContain('COPY deployables.json ./');
    // The runtime takes node_modules from there, not from the full dev install.
    expect(stage('assemble').lines).toContain('COPY --from=prod-deps /app/node_modules /out/node_modules');
  });

  test('when the runtime stage is read, then it runs node dist/main.js as a numeric non-root user with NODE_ENV=production', () => {
    expect(final.lines).toContain('ENV NODE_ENV=production');
    const user = final.lines.filter((l) => l.startsWith('USER '));
    expect(user).toEqual(['USER 1000:1000']);
    expect(final.lines.indexOf('USER 1000:1000')).toBeLessThan(final.lines.findIndex((l) => l.startsWith('CMD')));
    // The same V8 flags as every other launcher (npm start, the benches, the fault suites).
    expect(final.lines[final.lines.length - 1]).toBe(
      `CMD ${JSON.stringify(['node', ...NODE_FLAGS, 'dist/main.js']).replaceAll(',', ', ')}`,
    );
  });

  test('when the runtime stage is read, then it installs nothing and copies only the assembled output: no sources or build tools', () => {
    expect(final.lines.filter((l) => /^(RUN|ADD)\b/.test(l))).toEqual([]);
    expect(final.lines.filter((l) => l.startsWith('COPY'))).toEqual(['COPY --from=assemble /out/ /app/']);
    const assemble = stage('assemble').lines.join('\n');
    for (const excluded of ['./src', './test', './node_modules', "'./tsconfig*.json'", "'*.tsbuildinfo'"]) {
      expect(assemble).toContain(`--exclude=${excluded}`);
    }
  });
});

describe('.dockerignore', () => {
  const patterns = fs
    .readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  test('when the build context is sent, then data, node_modules, tests and secrets stay out', () => {
    for (const required of [
      '.data',
      '**/.data',
      '**/node_modules',
      'services/*/test',
      'gateway/test',
      'web/test',
      'e2e',
      '.git',
      '**/*.pem',
      '**/.env',
    ]) {
      expect(patterns).toContain(required);
    }
  });
});

describe('skaffold.yaml', () => {
  let config;
  beforeAll(() => {
    installTools();
    // kubectl reads any apiVersion/kind YAML offline.
    config = JSON.parse(
      runOk(kubectlBin, ['label', '--local', '-f', path.join(repoRoot, 'skaffold.yaml'), 'x=y', '-o', 'json']),
    );
  });

  test('when read, then it is a skaffold v4 Config', () => {
    expect(config.apiVersion).toMatch(/^skaffold\/v4beta\d+$/);
    expect(config.kind).toBe('Config');
  });

  test('when read, then it builds one image per component from the root Dockerfile with SERVICE set', () => {
    const artifacts = config.build.artifacts;
    expect(artifacts.map((a) => a.image)).toEqual(COMPONENTS.map((c) => `tripcost-${c}`));
    for (const [i, component] of COMPONENTS.entries()) {
      expect(artifacts[i].context).toBe('.');
      expect(artifacts[i].docker).toEqual({ dockerfile: 'Dockerfile', buildArgs: { SERVICE: component } });
    }
  });

  test("when deployed, then every artifact's image is what the chart's setValueTemplates set for that component", () => {
    const [release] = config.deploy.helm.releases;
    expect(path.resolve(repoRoot, release.chartPath)).toBe(chartDir);
    const expected = {};
    for (const component of COMPONENTS) {
      const key = `tripcost_${component}`;
      expected[`components.${component}.image.repository`] = `{{.IMAGE_REPO_${key}}}`;
      expected[`components.${component}.image.tag`] = `{{.IMAGE_TAG_${key}}}@{{.IMAGE_DIGEST_${key}}}`;
    }
    expect(release.setValueTemplates).toEqual(expected);
  });

  test('when skaffold fills the templates, then the chart accepts the values (schema and render)', () => {
    const values = {};
    for (const component of COMPONENTS) {
      values[`components.${component}.image.repository`] = `registry.local/tripcost-${component}`;
      values[`components.${component}.image.tag`] = `abc123@sha256:${'0'.repeat(64)}`;
    }
    const result = tryRender({ ...values, 'jwt.existingSecret': 'tripcost-jwt' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`image: "registry.local/tripcost-trips:abc123@sha256:${'0'.repeat(64)}"`);
  });

  test('when `skaffold dev` runs, then each image is built to the dev target, syncs its sources, and the dev values are used', () => {
    const dev = config.profiles.find((p) => p.name === 'dev');
    expect(dev.activation).toEqual([{ command: 'dev' }]);
    const patch = (p) => dev.patches.find((x) => x.path === p)?.value;
    for (const [i, component] of COMPONENTS.entries()) {
      expect(patch(`/build/artifacts/${i}/docker/target`)).toBe('dev');
      const sync = patch(`/build/artifacts/${i}/sync`).manual;
      const workspace = component === 'gateway' ? 'gateway' : `services/${component}`;
      expect(sync).toEqual(
        expect.arrayContaining([
          { src: `${workspace}/src/**`, dest: '/app' },
          { src: 'services/shared/src/**', dest: '/app' },
        ]),
      );
      for (const { src } of sync) expect(fs.existsSync(path.join(repoRoot, src.replace(/\/\*\*$/, '')))).toBe(true);
    }
    const valuesFiles = patch('/deploy/helm/releases/0/valuesFiles');
    expect(valuesFiles.map((f) => path.resolve(repoRoot, f))).toEqual(VALUES_FILES.dev);
  });

  test('when the Dockerfile is read, then the dev target skaffold builds exists', () => {
    expect(dockerStages(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')).map((s) => s.name)).toContain(
      'dev',
    );
  });
});
