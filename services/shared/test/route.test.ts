import { z } from 'zod';
import { defineRoute, describeRoutes } from '../src';

interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
  components: { schemas: Record<string, object> };
}

describe('route declarations as an OpenAPI document', () => {
  it('when a route declares its answer schema, then the document describes the response body', () => {
    const doc = describeRoutes('demo', (ctx) =>
      defineRoute(ctx, {
        method: 'get',
        path: '/api/things/:id',
        summary: 'One thing',
        auth: 'required',
        params: z.object({ id: z.string() }),
        responses: {
          200: { description: 'The thing', schema: z.object({ _id: z.string(), price: z.number() }) },
          404: 'No such thing',
        },
        handler: () => ({ body: { _id: 'x', price: 1 } }),
      }),
    ) as Doc;

    const responses = doc.paths['/api/things/{id}'].get.responses;
    expect(responses['200'].content).toEqual({
      'application/json': {
        schema: {
          type: 'object',
          properties: { _id: { type: 'string' }, price: { type: 'number' } },
          required: ['_id', 'price'],
          additionalProperties: false,
        },
      },
    });
    expect(responses['404'].content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/Error' } },
    });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['msg'] });
    expect(responses['401']).toBeDefined();
  });

  it('when a named schema is answered by two routes, then it is one component both answers refer to', () => {
    const part = z.object({ sku: z.string() }).meta({ id: 'DemoPart' });
    const thing = z.object({ _id: z.string(), parts: z.array(part) }).meta({ id: 'DemoThing' });
    const doc = describeRoutes('demo', (ctx) => {
      defineRoute(ctx, {
        method: 'get',
        path: '/api/things/:id',
        summary: 'One thing',
        auth: 'none',
        responses: { 200: { description: 'The thing', schema: thing } },
        handler: () => ({ body: { _id: 'x', parts: [] } }),
      });
      defineRoute(ctx, {
        method: 'post',
        path: '/api/things',
        summary: 'A new thing and how many there are',
        auth: 'none',
        body: z.object({ parts: z.array(part) }),
        responses: { 201: { description: 'Created', schema: z.object({ thing, count: z.number() }) } },
        handler: () => ({ status: 201, body: { thing: { _id: 'x', parts: [] }, count: 1 } }),
      });
    }) as Doc;

    const answer = (path: string, method: string, status: string) =>
      (doc.paths[path][method].responses[status].content as Record<string, { schema: object }>)['application/json']
        .schema;
    expect(answer('/api/things/{id}', 'get', '200')).toEqual({ $ref: '#/components/schemas/DemoThing' });
    expect(answer('/api/things', 'post', '201')).toMatchObject({
      properties: { thing: { $ref: '#/components/schemas/DemoThing' }, count: { type: 'number' } },
    });
    expect(doc.components.schemas.DemoThing).toMatchObject({
      properties: { parts: { type: 'array', items: { $ref: '#/components/schemas/DemoPart' } } },
    });
    // What a client sends is its own component: an answer forbids unknown keys, a request need not.
    expect(doc.components.schemas.DemoPartInput).toEqual({
      type: 'object',
      properties: { sku: { type: 'string' } },
      required: ['sku'],
    });
    expect(doc.components.schemas.DemoPart).toMatchObject({ additionalProperties: false });
    expect(JSON.stringify(doc)).not.toContain('#/definitions/');
  });

  it('when two different schemas share a name, then the document refuses to describe either', () => {
    const first = z.object({ a: z.string() }).meta({ id: 'DemoClash' });
    const second = z.object({ b: z.string() }).meta({ id: 'DemoClash' });
    const routes = (ctx: Parameters<Parameters<typeof describeRoutes>[1]>[0]) => {
      for (const [path, schema] of [
        ['/api/a', first],
        ['/api/b', second],
      ] as const) {
        defineRoute(ctx, {
          method: 'get',
          path,
          summary: path,
          auth: 'none',
          responses: { 200: { description: 'ok', schema } },
          handler: () => ({ body: {} }),
        });
      }
    };
    expect(() => describeRoutes('demo', routes)).toThrow(/two different schemas are named "DemoClash"/);
  });
});
