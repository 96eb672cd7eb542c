// The merged document at /api/docs/openapi.json (and the web app's generated types)
// holds every service's components in one place: names the services share must not
// make one service's answer describe another's.
import { apiDocument as authDocument } from '@tripcost/auth';
import { apiDocument as integrationsDocument } from '@tripcost/integrations';
import { apiDocument as tripsDocument } from '@tripcost/trips';
import { apiDocument as wishlistsDocument } from '@tripcost/wishlists';
import { mergeOpenApiDocuments, type OpenApiDoc } from '../src/docs';

interface Merged {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [item] : refsIn(item),
  );
}

const answer = (doc: Merged, path: string) =>
  (doc.paths[path].get as { responses: { 200: { content: { 'application/json': { schema: unknown } } } } })
    .responses[200].content['application/json'].schema;

const demoService = (thing: object, path: string): OpenApiDoc =>
  ({
    paths: {
      [path]: {
        get: {
          responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    components: {
      schemas: {
        Message: { type: 'object', properties: { msg: { type: 'string' } } },
        Thing: thing,
        Box: { type: 'object', properties: { thing: { $ref: '#/components/schemas/Thing' } } },
      },
    },
  }) as unknown as OpenApiDoc;

describe('the merged API document', () => {
  it('when the four services are merged, then every reference names a component of the merged document', () => {
    const merged = mergeOpenApiDocuments([
      { name: 'auth', doc: authDocument() as OpenApiDoc },
      { name: 'trips', doc: tripsDocument() as OpenApiDoc },
      { name: 'wishlists', doc: wishlistsDocument() as OpenApiDoc },
      { name: 'integrations', doc: integrationsDocument() as OpenApiDoc },
    ]) as Merged;

    const refs = new Set(refsIn(merged));
    expect(refs).toContain('#/components/schemas/Trip');
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(merged.components.schemas).toHaveProperty([ref.slice('#/components/schemas/'.length)]);
    }
    // Message is declared by three services alike: one component, no service-prefixed copies.
    expect(Object.keys(merged.components.schemas).filter((name) => name.includes('.'))).toEqual([]);
    // A trip answers whole, or without its costs to a viewer they are hidden from.
    expect(answer(merged, '/api/trips/getaway/{tripId}')).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Trip' }, { $ref: '#/components/schemas/TripCostsHidden' }],
    });
  });

  it('when two services name different schemas alike, then the later one’s is renamed for it alone', () => {
    const thing = { type: 'object', properties: { a: { type: 'string' } } };
    const otherThing = { type: 'object', properties: { b: { type: 'number' } } };
    const merged = mergeOpenApiDocuments([
      { name: 'first', doc: demoService(thing, '/api/first') },
      { name: 'second', doc: demoService(otherThing, '/api/second') },
    ]) as Merged;

    expect(merged.components.schemas).toEqual({
      Message: { type: 'object', properties: { msg: { type: 'string' } } },
      Thing: thing,
      Box: { type: 'object', properties: { thing: { $ref: '#/components/schemas/Thing' } } },
      'second.Thing': otherThing,
      // Box is alike in both, but refers to a Thing that is not: it is renamed too.
      'second.Box': { type: 'object', properties: { thing: { $ref: '#/components/schemas/second.Thing' } } },
    });
    expect(answer(merged, '/api/first')).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(answer(merged, '/api/second')).toEqual({ $ref: '#/components/schemas/second.Thing' });
  });
});
