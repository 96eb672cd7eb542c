// POST /api/imports and the drafts, on the real service (real Redis, real parser
// workers): uploads and pasted text become a draft its owner alone can read, limits
// answer 4xx {msg}, unreadable documents are problems, and user.deleted removes drafts.
import { createEventPublisher } from '@tripcost/shared';
import { silentLogger } from '@tripcost/shared/testing';
import { IMPORT_LIMITS } from '../../src/domain/limits';
import { fixture, pkpass } from '../support/fixtures';
import { bootImports, caller, upload } from '../support/service';

let running: Awaited<ReturnType<typeof bootImports>>;
beforeAll(async () => {
  running = await bootImports();
});
afterAll(() => running.service.stop());

const post = (authorization: string | undefined, body: FormData | object) =>
  fetch(`${running.url}/api/imports`, {
    method: 'POST',
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
const get = (authorization: string, path = '') =>
  fetch(`${running.url}/api/imports${path}`, { headers: { authorization } });

describe('POST /api/imports', () => {
  it('when a hotel page, a calendar and an unreadable file are uploaded, then the draft holds both bookings and one problem', async () => {
    const me = caller();
    const res = await post(
      me.authorization,
      upload([
        ['hotel.html', fixture('hotel-jsonld.html')],
        ['flight.ics', fixture('flight.ics')],
        ['broken.pkpass', Buffer.from('PK\u0003\u0004 not really a zip')],
      ]),
    );
    expect(res.status).toBe(201);
    const draft = await res.json();
    expect(draft.reservations.map((r: { kind: string; source: { file: string } }) => [r.kind, r.source.file])).toEqual([
      ['lodging', 'hotel.html'],
      ['flight', 'flight.ics'],
    ]);
    expect(draft.reservations[0]).toMatchObject({ amount: 412.5, currency: 'EUR', confirmation: 'HFX-20931' });
    expect(draft.problems).toEqual([{ file: 'broken.pkpass', msg: 'It is not a zip archive that can be read.' }]);

    const again = await get(me.authorization, `/${draft._id}`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(draft);
    expect((await (await get(me.authorization)).json()).map((d: { _id: string }) => d._id)).toEqual([draft._id]);
  });

  it('when text is pasted, then it is read as a document of its own', async () => {
    const me = caller();
    const res = await post(me.authorization, { text: fixture('text/airbnb.txt').toString('utf8') });
    expect(res.status).toBe(201);
    const draft = await res.json();
    expect(draft.reservations).toMatchObject([
      { kind: 'lodging', provider: 'Airbnb', source: { file: 'pasted text', method: 'text' } },
    ]);
  });

  it('when another user asks for a draft, then 403 {msg}; an unknown one 404; no token 401', async () => {
    const me = caller();
    const draft = await (await post(me.authorization, upload([['pass.pkpass', pkpass()]]))).json();
    const other = caller();
    const refused = await get(other.authorization, `/${draft._id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ msg: 'This import is not yours.' });
    expect(await (await get(other.authorization)).json()).toEqual([]);
    expect((await get(me.authorization, `/${'0'.repeat(24)}`)).status).toBe(404);
    expect((await get(me.authorization, '/not-an-id')).status).toBe(400);
    expect((await post(undefined, upload([['a.ics', fixture('flight.ics')]]))).status).toBe(401);
  });

  it('when limits are broken, then 4xx {msg} for the request or a problem for the file, never a 5xx', async () => {
    const me = caller();
    const eleven = Array.from(
      { length: IMPORT_LIMITS.filesPerRequest + 1 },
      (_, i) => [`f${i}.ics`, fixture('flight.ics')] as [string, Buffer],
    );
    const tooMany = await post(me.authorization, upload(eleven));
    expect(tooMany.status).toBe(413);
    expect((await tooMany.json()).msg).toBe('Send at most 10 files at once.');

    const big = Buffer.alloc(IMPORT_LIMITS.fileBytes + 1, 'a');
    const tooLarge = await post(
      me.authorization,
      upload([
        ['big.txt', big],
        ['flight.ics', fixture('flight.ics')],
      ]),
    );
    expect(tooLarge.status).toBe(201);
    const draft = await tooLarge.json();
    expect(draft.problems).toEqual([{ file: 'big.txt', msg: 'It is over 5 MB, the most one file may be.' }]);
    expect(draft.reservations).toHaveLength(1);

    const wrongField = await post(me.authorization, upload([['a.ics', fixture('flight.ics')]], 'file'));
    expect(wrongField.status).toBe(400);
    const nothing = await post(me.authorization, {});
    expect(nothing.status).toBe(400);
    expect((await nothing.json()).msg).toMatch(/multipart\/form-data/);
    const plain = await fetch(`${running.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: me.authorization, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(plain.status).toBe(415);
  });

  it('when one user imports more than 10 times in a minute, then the 11th is 429 {msg}, and others are not held up', async () => {
    const me = caller();
    for (let i = 0; i < IMPORT_LIMITS.importsPerMinute; i++) {
      expect((await post(me.authorization, { text: 'nothing here' })).status).toBe(201);
    }
    const refused = await post(me.authorization, { text: 'nothing here' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).msg).toBe('At most 10 imports a minute: try again in a minute.');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await post(caller().authorization, { text: 'nothing here' })).status).toBe(201);
  });

  it('when the account is deleted, then user.deleted removes its drafts', async () => {
    const me = caller();
    const draft = await (await post(me.authorization, upload([['flight.ics', fixture('flight.ics')]]))).json();
    const publisher = createEventPublisher(running.config.REDIS_URL, silentLogger(), running.config.QUEUE_PREFIX);
    await publisher.publish('user.deleted', { userId: me.user.id });
    await publisher.close();
    const deadline = Date.now() + 10_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await get(me.authorization, `/${draft._id}`)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(404);
  });
});
