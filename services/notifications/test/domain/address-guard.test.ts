// Where messages may go (ADR 0079): only public addresses over https://, checked on the
// URL as typed and on what its name resolves to; loopback over http:// only with
// WEBHOOK_ALLOW_LOOPBACK=true, and never private or metadata addresses even then.
import { addressAllowed, checkResolved, checkUrl, RefusedAddress } from '../../src/domain/channels/address-guard';

const strict = { allowLoopback: false };
const loopbackAllowed = { allowLoopback: true };

it.each([
  ['127.0.0.1', false, true],
  ['::1', false, true],
  ['::ffff:127.0.0.1', false, true],
  ['10.0.0.1', false, false],
  ['172.16.5.4', false, false],
  ['192.168.0.1', false, false],
  ['169.254.169.254', false, false],
  ['fd00:ec2::254', false, false],
  ['fe80::1', false, false],
  ['100.64.0.1', false, false],
  ['0.0.0.0', false, false],
  ['::ffff:10.0.0.1', false, false],
  ['224.0.0.1', false, false],
  ['93.184.215.14', true, true],
  ['2606:4700:4700::1111', true, true],
])('address %s: allowed %s, with loopback allowed %s', (address, allowed, withLoopback) => {
  expect(addressAllowed(address, strict)).toBe(allowed);
  expect(addressAllowed(address, loopbackAllowed)).toBe(withLoopback);
});

it('when loopback is not allowed, then a loopback URL is refused, over https:// as over http://', async () => {
  expect(() => checkUrl('https://127.0.0.1/hook', strict)).toThrow(RefusedAddress);
  expect(() => checkUrl('http://127.0.0.1/hook', strict)).toThrow('The address must start with https://.');
  // A name is checked on what it resolves to: localhost is loopback.
  await expect(checkResolved(checkUrl('https://localhost/hook', strict), strict)).rejects.toThrow(
    'The address must be on the public internet, not a private or local network.',
  );
});

it('when loopback is allowed, then plain http:// is still only for loopback', async () => {
  expect(checkUrl('http://127.0.0.1:9/hook', loopbackAllowed).port).toBe('9');
  await expect(checkResolved(checkUrl('http://localhost/hook', loopbackAllowed), loopbackAllowed)).resolves.toBe(
    undefined,
  );
  expect(() => checkUrl('http://93.184.215.14/hook', loopbackAllowed)).toThrow('The address must start with https://.');
  expect(() => checkUrl('https://10.0.0.1/hook', loopbackAllowed)).toThrow(RefusedAddress);
  expect(() => checkUrl('https://user:pw@93.184.215.14/hook', loopbackAllowed)).toThrow(/user name or password/);
});
