// A rolling restart is invisible to travellers: 50 connections read and write through
// the gateway while each service in turn gets SIGTERM (it drains: readiness fails,
// in-flight requests finish, new ones are answered with a marked 503) and is started
// again. The gateway sends again what a service provably did not handle (refused
// connections, marked 503s, and resets of requests that are safe to repeat), so not
// one request fails.
import { failuresOf, startLoad, totalOf } from './support/load';
import { startProduct, waitFor, type ComponentName, type Product } from './support/processes';

jest.setTimeout(300_000);

const RESTARTED: ComponentName[] = ['auth', 'trips', 'wishlists', 'integrations'];

describe('rolling restart under load', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.stop());

  it('when each service gets SIGTERM and is started again under 50 connections, then no request fails', async () => {
    const load = await startLoad(product.gatewayUrl, { connections: 50, travellers: 5, timeoutMs: 30_000 });
    const { outcomes } = load;
    const settle = async (more: number) => {
      const target = outcomes.length + more;
      await waitFor(`${more} more requests`, async () => outcomes.length >= target, 60_000);
    };
    try {
      await settle(200);
      for (const name of RESTARTED) {
        await product.components[name].kill('SIGTERM');
        await product.components[name].start();
        await settle(200);
      }
    } finally {
      await load.stop();
    }
    const failures = failuresOf(outcomes);
    const failed = totalOf(failures);
    process.stdout.write(
      `rolling-restart: ${outcomes.length} requests over 50 connections while ${RESTARTED.join(', ')} restarted, ` +
        `${failed} failed\n`,
    );
    expect(failures).toEqual({});
  });
});
