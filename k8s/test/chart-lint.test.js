// `helm lint --strict` for the default, prod and dev values and a matrix of the
// toggles, and values.schema.json refusing what a platform engineer might
// mistype, with a message that says where.
const { TOGGLE_MATRIX: MATRIX, VALUES_FILES, chartDir, helmBin, installTools, run, tryRender } = require('./helpers');

function lint(files, values = {}) {
  const args = ['lint', '--strict', chartDir, ...files.flatMap((f) => ['-f', f])];
  for (const [key, value] of Object.entries(values)) args.push('--set', `${key}=${value}`);
  const result = run(helmBin, args);
  return { ...result, output: result.stdout + result.stderr };
}

beforeAll(() => installTools());

describe('helm lint --strict', () => {
  test.each(Object.keys(VALUES_FILES))('when the chart is linted with the %s values, then it passes', (name) => {
    const { status, output } = lint(VALUES_FILES[name]);
    expect(output).toContain('0 chart(s) failed');
    expect(output).not.toMatch(/\[(WARNING|ERROR)\]/);
    expect(status).toBe(0);
  });

  test.each(MATRIX)('when linted with %s, then it passes', (_name, values) => {
    const { status, output } = lint([], values);
    expect(output).toContain('0 chart(s) failed');
    expect(status).toBe(0);
  });
});

describe('values.schema.json', () => {
  test('when a key is misspelt, then lint and template refuse it naming the key and where it belongs', () => {
    const linted = lint([], { 'components.gateway.replicaCont': '3' });
    expect(linted.status).not.toBe(0);
    expect(linted.output).toContain('components.gateway: Additional property replicaCont is not allowed');
    const rendered = tryRender({ 'components.gateway.replicaCont': '3' });
    expect(rendered.status).not.toBe(0);
    expect(rendered.stderr).toContain('components.gateway: Additional property replicaCont is not allowed');
  });

  test('when a top-level key is misspelt, then it is refused too', () => {
    const rendered = tryRender({ 'ingres.enabled': 'true' });
    expect(rendered.status).not.toBe(0);
    expect(rendered.stderr).toContain('Additional property ingres is not allowed');
  });

  test('when a string is given where a number belongs, then it is refused naming the value and both types', () => {
    const rendered = tryRender({ 'components.auth.port': 'http' });
    expect(rendered.status).not.toBe(0);
    expect(rendered.stderr).toContain('components.auth.port: Invalid type. Expected: integer, given: string');
    const linted = lint([], { 'components.trips.replicaCount': 'two' });
    expect(linted.status).not.toBe(0);
    expect(linted.output).toContain('components.trips.replicaCount: Invalid type. Expected: integer, given: string');
  });

  test('when a value is outside its enum or range, then it is refused', () => {
    const badEnv = tryRender({ 'common.nodeEnv': 'prod' });
    expect(badEnv.stderr).toMatch(
      /common\.nodeEnv: common\.nodeEnv must be one of the following: "production", "development"/,
    );
    const badPercent = tryRender({ 'components.gateway.autoscaling.targetCPUUtilizationPercentage': '150' });
    expect(badPercent.stderr).toContain(
      'components.gateway.autoscaling.targetCPUUtilizationPercentage: Must be less than or equal to 100',
    );
  });

  test('when an external URL has the wrong scheme, then it is refused before anything is rendered', () => {
    const rendered = tryRender({ 'mongodb.enabled': 'false', 'mongodb.url': 'postgres://db/x' });
    expect(rendered.status).not.toBe(0);
    expect(rendered.stderr).toContain('mongodb.url: Does not match pattern');
  });
});
