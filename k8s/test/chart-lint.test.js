// `helm lint` on the chart: default values and a values set that turns every
// optional part on, plain and --strict (unknown values are errors).
const { chartDir, helmBin, installTools, run } = require('./helpers');

const everythingOn = [
  '--set',
  'ingress.enabled=true',
  '--set',
  'ingress.className=nginx',
  '--set',
  'ingress.tls[0].secretName=tripcost-tls',
  '--set',
  'ingress.tls[0].hosts[0]=tripcost.local',
  '--set',
  'gateway.autoscaling.enabled=true',
  '--set',
  'mongodb.enabled=false',
  '--set',
  'mongodb.url=mongodb://mongo.example.internal:27017',
  '--set',
  'redis.enabled=false',
  '--set',
  'redis.url=redis://redis.example.internal:6379',
  '--set',
  'providers.openaiApiKey=sk-test',
  '--set',
  'jwt.existingSecret=tripcost-jwt',
];

function lint(args) {
  const result = run(helmBin, ['lint', chartDir, ...args]);
  return { ...result, output: result.stdout + result.stderr };
}

beforeAll(() => installTools());

describe('helm lint', () => {
  test('when the chart is linted with default values, then it passes with no warnings', () => {
    const { status, output } = lint([]);
    expect(output).toContain('0 chart(s) failed');
    expect(output).not.toMatch(/\[(WARNING|ERROR)\]/);
    expect(status).toBe(0);
  });

  test('when the chart is linted with --strict, then it passes', () => {
    const { status, output } = lint(['--strict']);
    expect(output).toContain('0 chart(s) failed');
    expect(status).toBe(0);
  });

  test('when every optional part is turned on, then --strict lint still passes', () => {
    const { status, output } = lint(['--strict', ...everythingOn]);
    expect(output).toContain('0 chart(s) failed');
    expect(status).toBe(0);
  });
});
