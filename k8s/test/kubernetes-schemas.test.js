// Every object the chart renders, for each values file and each toggle
// combination, checked against the Kubernetes OpenAPI schemas that the
// kubernetes-models package compiles (types, required fields, enums), and
// against the API versions a Kubernetes 1.31 cluster serves.
const {
  TOGGLE_MATRIX,
  VALUES_FILES,
  installTools,
  kubectlBin,
  manifestsDir,
  parseYaml,
  render,
  renderValuesSet,
  run,
} = require('./helpers');

const MODELS = {
  'v1/ConfigMap': require('kubernetes-models/v1/ConfigMap').ConfigMap,
  'v1/Secret': require('kubernetes-models/v1/Secret').Secret,
  'v1/Service': require('kubernetes-models/v1/Service').Service,
  'v1/Pod': require('kubernetes-models/v1/Pod').Pod,
  'v1/Namespace': require('kubernetes-models/v1/Namespace').Namespace,
  'apps/v1/Deployment': require('kubernetes-models/apps/v1/Deployment').Deployment,
  'apps/v1/StatefulSet': require('kubernetes-models/apps/v1/StatefulSet').StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': require('kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler')
    .HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': require('kubernetes-models/policy/v1/PodDisruptionBudget').PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': require('kubernetes-models/networking.k8s.io/v1/NetworkPolicy').NetworkPolicy,
  'networking.k8s.io/v1/Ingress': require('kubernetes-models/networking.k8s.io/v1/Ingress').Ingress,
};

/** Validation errors of each object, as "Kind/name: message" lines; [] when all are valid. */
function invalid(objects) {
  const errors = [];
  for (const object of objects) {
    const id = `${object.apiVersion}/${object.kind}`;
    const Model = MODELS[id];
    if (!Model) {
      errors.push(`${object.kind}/${object.metadata.name}: ${id} is not one of the GA APIs this chart may use on 1.31`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      errors.push(`${object.kind}/${object.metadata.name}: ${error.message}`);
    }
  }
  return errors;
}

const JWT = { 'jwt.existingSecret': 'tripcost-jwt' };

beforeAll(() => installTools());

describe('rendered objects against the Kubernetes schemas', () => {
  test.each(Object.keys(VALUES_FILES))('when the %s values are rendered, then every object is valid', (name) => {
    const objects = renderValuesSet(name);
    expect(objects.length).toBeGreaterThan(20);
    expect(invalid(objects)).toEqual([]);
  });

  test.each(TOGGLE_MATRIX)('when rendered with %s, then every object is valid', (_name, values) => {
    expect(invalid(render(values))).toEqual([]);
  });

  test('when k8s/manifests is built with kustomize, then every object is valid', () => {
    const built = run(kubectlBin, ['kustomize', manifestsDir]);
    expect(built.stderr).toBe('');
    expect(invalid(parseYaml(built.stdout))).toEqual([]);
  });

  test('when an object is wrong, then the check says which and why (it is not vacuous)', () => {
    const objects = render(JWT);
    const deployment = structuredClone(
      objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'tripcost-gateway'),
    );
    deployment.spec.replicas = 'two';
    delete deployment.spec.template.spec.containers[0].name;
    const errors = invalid([
      deployment,
      { apiVersion: 'extensions/v1beta1', kind: 'Ingress', metadata: { name: 'x' } },
    ]);
    expect(errors[0]).toMatch(/^Deployment\/tripcost-gateway: .*replicas must be integer/);
    expect(errors[0]).toMatch(/containers\/0 must have required property name/);
    expect(errors[1]).toContain('extensions/v1beta1/Ingress is not one of the GA APIs');
  });
});
