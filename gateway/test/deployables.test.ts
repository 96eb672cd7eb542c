// The gateway's routing table (src/routing.ts, src/config.ts) is compiled into its image,
// which does not carry the root deployables.json, so it is checked against that list here:
// it routes to exactly the deployables the gateway calls, each at its URL variable, with
// the deployable's port as the default and an instance id variable of its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gatewayConfigSchema, loadGatewayConfig } from '../src/config';
import { upstreamsFrom } from '../src/routing';

interface Deployable {
  name: string;
  port: number;
  urlVar: string;
  calls: string[];
}

const deployables: Deployable[] = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../deployables.json'), 'utf8'),
).deployables;
const gateway = deployables.find((d) => d.name === 'gateway')!;

describe('the gateway against deployables.json', () => {
  const config = loadGatewayConfig({});
  const upstreams = upstreamsFrom(config);

  it('when started with defaults, then it routes to exactly the deployables it calls', () => {
    expect(upstreams.map((u) => u.name).sort()).toEqual([...gateway.calls].sort());
  });

  it.each(gateway.calls)('when started with defaults, then %s is reached at its port from deployables.json', (name) => {
    const callee = deployables.find((d) => d.name === name)!;
    expect(upstreams.find((u) => u.name === name)?.target).toBe(`http://127.0.0.1:${callee.port}`);
  });

  it.each(gateway.calls)('when configured, then %s is read from its URL and instance variables', (name) => {
    const callee = deployables.find((d) => d.name === name)!;
    const instanceVar = `${name.toUpperCase()}_INSTANCE_ID`;
    expect(Object.keys(gatewayConfigSchema.shape)).toEqual(expect.arrayContaining([callee.urlVar, instanceVar]));
    const configured = upstreamsFrom(
      loadGatewayConfig({ [callee.urlVar]: 'http://10.0.0.9:1234', [instanceVar]: `${name}-x` }),
    ).find((u) => u.name === name);
    expect(configured).toMatchObject({ target: 'http://10.0.0.9:1234', instanceId: `${name}-x` });
  });

  it('when started with defaults, then the gateway listens on its port from deployables.json', () => {
    expect(config.PORT).toBe(gateway.port);
  });
});
