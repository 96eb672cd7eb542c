// Real answers against the API document the gateway serves: each call below is made
// through the gateway to the real services, and its body must validate against the
// schema `/api/docs/openapi.json` declares for that route and status. The web app's
// types are generated from those schemas (api-types.test.ts), so an answer that
// drifts from its schema would be a type the client trusts and the server breaks.
import { apiDocument as authDocument } from '@tripcost/auth';
import { apiDocument as integrationsDocument } from '@tripcost/integrations';
import { apiDocument as tripsDocument } from '@tripcost/trips';
import { apiDocument as wishlistsDocument } from '@tripcost/wishlists';
import { z } from 'zod';
import { mergeOpenApiDocuments, type OpenApiDoc } from '../src/docs';
import { PASSWORD, startProductInProcess, type Product, type RawRequest, type Reply } from './product';

jest.setTimeout(60_000);

interface ApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: { schemas: Record<string, object> };
}

/** The document's JSON answer schema for a route and status, as a zod schema (OpenAPI 3.0 dialect). */
function answerSchema(doc: ApiDocument, method: string, path: string, status: number): z.ZodType {
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} documents no JSON answer for ${status}`);
  // Components become the definitions the converter resolves `#/definitions/<name>` against.
  const text = JSON.stringify({ ...schema, definitions: doc.components.schemas }).replaceAll(
    '#/components/schemas/',
    '#/definitions/',
  );
  return z.fromJSONSchema(JSON.parse(text), { defaultTarget: 'openapi-3.0' });
}

describe('answers through the gateway against the document it serves', () => {
  let product: Product;
  let doc: ApiDocument;

  beforeAll(async () => {
    product = await startProductInProcess({ services: ['auth', 'trips', 'wishlists', 'imports'] });
    doc = (await product.call({ method: 'GET', path: '/api/docs/openapi.json' })).body as ApiDocument;
  });

  afterAll(() => product?.stop());

  /** Calls the route and checks the answer's status and its body against the documented schema. */
  async function documentedCall(
    request: RawRequest,
    documentedPath: string,
    status: number,
  ): Promise<{ reply: Reply; issues: string[] }> {
    const reply = await product.call(request);
    expect([request.method, request.path, reply.status]).toEqual([request.method, request.path, status]);
    const parsed = answerSchema(doc, request.method, documentedPath, status).safeParse(reply.body);
    return { reply, issues: parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  }

  async function tripWithWindow(token: string) {
    const trip = await product.call({
      method: 'POST',
      path: '/api/trips/getaway-trip',
      token,
      body: { location_address: 'Lisbon, Portugal' },
    });
    const window = await product.call({
      method: 'POST',
      path: `/api/trips/getaway/${trip.body._id}/instances`,
      token,
      body: { trip_start: '2031-05-01', trip_end: '2031-05-04', stay_expense: 300, travel_expense: 120.5 },
    });
    expect([trip.status, window.status]).toEqual([201, 201]);
    return { tripId: trip.body._id as string, windowId: window.body._id as string };
  }

  it('when a window is duplicated, then the 201 answer is the documented instance: the copy, its dates moved', async () => {
    const ana = await product.registerAndLogin();
    const { tripId, windowId } = await tripWithWindow(ana.token);
    const { reply, issues } = await documentedCall(
      {
        method: 'POST',
        path: `/api/trips/getaway/${tripId}/instances/${windowId}/duplicate`,
        token: ana.token,
        body: { shiftDays: 7 },
      },
      '/api/trips/getaway/{tripId}/instances/{instanceId}/duplicate',
      201,
    );
    expect(issues).toEqual([]);
    expect(reply.body._id).not.toBe(windowId);
    expect(reply.body.trip_start.slice(0, 10)).toBe('2031-05-08');
  });

  it('when the plan is cleared, then the answer is the documented trip, without its commitment', async () => {
    const ana = await product.registerAndLogin();
    const { tripId, windowId } = await tripWithWindow(ana.token);
    const path = `/api/trips/getaway/${tripId}/instances/${windowId}/commit`;
    expect((await product.call({ method: 'PATCH', path, token: ana.token, body: {} })).status).toBe(200);
    const { reply, issues } = await documentedCall(
      { method: 'DELETE', path, token: ana.token },
      '/api/trips/getaway/{tripId}/instances/{instanceId}/commit',
      200,
    );
    expect(issues).toEqual([]);
    expect(reply.body).toMatchObject({ _id: tripId, committedInstanceId: null });
  });

  it('when a wishlist is renamed, then the answer is the documented list under its new name', async () => {
    const ana = await product.registerAndLogin();
    const created = await product.call({
      method: 'POST',
      path: '/api/wishlist/createlist',
      token: ana.token,
      body: { list_name: 'Spring', trips: [] },
    });
    expect(created.status).toBe(201);
    const { reply, issues } = await documentedCall(
      {
        method: 'PUT',
        path: `/api/wishlist/editlist/${created.body._id}`,
        token: ana.token,
        body: { name: 'Autumn' },
      },
      '/api/wishlist/editlist/{wishlistId}',
      200,
    );
    expect(issues).toEqual([]);
    expect(reply.body).toMatchObject({ _id: created.body._id, list_name: 'Autumn' });
  });

  it('when an account is deleted, then the answer is the documented message', async () => {
    const ana = await product.registerAndLogin();
    const { reply, issues } = await documentedCall(
      { method: 'DELETE', path: '/api/user/me', token: ana.token, cookie: ana.cookie, body: { password: PASSWORD } },
      '/api/user/me',
      200,
    );
    expect(issues).toEqual([]);
    expect(reply.body.msg).toEqual(expect.any(String));
  });

  it('when an answer breaks its schema, then the check says where', () => {
    const schema = answerSchema(doc, 'PUT', '/api/wishlist/editlist/{wishlistId}', 200);
    const parsed = schema.safeParse({ _id: 'x', list_name: 3, email: 'a@b.c', trips: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['list_name']);
  });

  it('when every service’s routes are merged, then only the file, image and event-stream answers lack a JSON answer schema', () => {
    const merged = mergeOpenApiDocuments([
      { name: 'auth', doc: authDocument() as OpenApiDoc },
      { name: 'trips', doc: tripsDocument() as OpenApiDoc },
      { name: 'wishlists', doc: wishlistsDocument() as OpenApiDoc },
      { name: 'integrations', doc: integrationsDocument() as OpenApiDoc },
    ]) as unknown as ApiDocument;
    const withoutSchema = Object.entries(merged.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.entries(operation.responses)
          .filter(([status, response]) => status.startsWith('2') && !response.content?.['application/json']?.schema)
          .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
    expect(withoutSchema.sort()).toEqual([
      'GET /api/places-pics 200', // the photo's bytes
      'GET /api/trips/calendar.ics 200', // text/calendar
      'GET /api/trips/getaway/{tripId}/balances.csv 200', // text/csv
      'GET /api/trips/getaway/{tripId}/comparison.csv 200', // text/csv
      'GET /api/trips/getaway/{tripId}/events 200', // text/event-stream (a trip's live updates)
      'GET /api/user/me/export 200', // the data download (Content-Disposition: attachment)
    ]);
  });
});
