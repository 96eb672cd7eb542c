import { z } from 'zod';
import { defineRoute, describeRoutes } from '../src';

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
    ) as { paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>> };

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
    expect(responses['404'].content).toMatchObject({ 'application/json': { schema: { required: ['msg'] } } });
    expect(responses['401']).toBeDefined();
  });
});
