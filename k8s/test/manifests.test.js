// k8s/manifests: the checked-in plain manifests must be exactly what
// scripts/render-manifests.sh produces from the chart today, and must build
// with `kubectl kustomize` (what `kubectl apply -k k8s/manifests` runs).
const fs = require('node:fs');
const path = require('node:path');
const {
  COMPONENTS,
  installTools,
  kubectlBin,
  manifestsDir,
  parseYaml,
  repoRoot,
  run,
  runOk,
  tempDir,
  find,
} = require('./helpers');

const yamlFiles = (dir) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();

beforeAll(() => installTools());

describe('checked-in manifests', () => {
  test('when rendered afresh, then every file is byte-for-byte the checked-in one', () => {
    const fresh = tempDir('tripcost-manifests-');
    try {
      runOk('bash', [path.join(repoRoot, 'scripts', 'render-manifests.sh'), fresh]);
      expect(yamlFiles(manifestsDir)).toEqual(yamlFiles(fresh));
      for (const file of yamlFiles(fresh)) {
        const checkedIn = fs.readFileSync(path.join(manifestsDir, file), 'utf8');
        const rendered = fs.readFileSync(path.join(fresh, file), 'utf8');
        // On failure: run scripts/render-manifests.sh and commit k8s/manifests.
        expect({ file, content: checkedIn }).toEqual({ file, content: rendered });
      }
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  test('when rendered twice, then the output is identical (no generated secrets)', () => {
    const first = tempDir('tripcost-manifests-a-');
    const second = tempDir('tripcost-manifests-b-');
    try {
      runOk('bash', [path.join(repoRoot, 'scripts', 'render-manifests.sh'), first]);
      runOk('bash', [path.join(repoRoot, 'scripts', 'render-manifests.sh'), second]);
      for (const file of yamlFiles(first)) {
        expect(fs.readFileSync(path.join(second, file), 'utf8')).toBe(fs.readFileSync(path.join(first, file), 'utf8'));
      }
      expect(fs.readFileSync(path.join(first, 'deployments.yaml'), 'utf8')).not.toMatch(/BEGIN .*PRIVATE KEY/);
    } finally {
      fs.rmSync(first, { recursive: true, force: true });
      fs.rmSync(second, { recursive: true, force: true });
    }
  });

  test('when the kustomization is read, then it lists every manifest file and nothing else', () => {
    const kustomization = fs.readFileSync(path.join(manifestsDir, 'kustomization.yaml'), 'utf8');
    const listed = [...kustomization.matchAll(/^ {2}- (\S+\.yaml)$/gm)].map((m) => m[1]).sort();
    const present = yamlFiles(manifestsDir).filter((f) => f !== 'kustomization.yaml');
    expect(listed).toEqual(present);
  });
});

describe('kubectl kustomize k8s/manifests', () => {
  let objects;
  beforeAll(() => {
    const result = run(kubectlBin, ['kustomize', manifestsDir]);
    if (result.status !== 0) throw new Error(`kubectl kustomize failed:\n${result.stderr}`);
    objects = parseYaml(result.stdout);
  });

  test('when built, then every component has a Deployment and Service in namespace tripcost', () => {
    for (const component of COMPONENTS) {
      for (const kind of ['Deployment', 'Service']) {
        const object = find(objects, kind, `tripcost-${component}`);
        expect(object).toBeDefined();
        expect(object.metadata.namespace).toBe('tripcost');
      }
    }
    expect(find(objects, 'Namespace', 'tripcost')).toBeDefined();
    for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
      expect(`${object.kind}/${object.metadata.name} in ${object.metadata.namespace}`).toBe(
        `${object.kind}/${object.metadata.name} in tripcost`,
      );
    }
  });

  test('when built, then the JWT keys come from the user-created Secret tripcost-jwt', () => {
    expect(find(objects, 'Secret', 'tripcost-jwt')).toBeUndefined();
    for (const component of COMPONENTS) {
      const pod = find(objects, 'Deployment', `tripcost-${component}`).spec.template.spec;
      expect(pod.volumes.find((v) => v.name === 'jwt').secret.secretName).toBe('tripcost-jwt');
    }
  });
});
