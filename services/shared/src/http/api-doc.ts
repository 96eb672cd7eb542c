// A service's OpenAPI document, assembled from its routes as they are declared.
// A zod schema named with `.meta({ id: 'Trip' })` is described once, as the component
// `#/components/schemas/Trip`, and every request or answer that contains it refers to
// it with `$ref`: a trip answered by twenty routes is one schema in the document and
// one type in the web app's generated API types, not twenty copies.
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Json = Record<string, unknown>;

export interface ApiDoc {
  title: string;
  addOperation(path: string, method: Method, operation: object): void;
  /**
   * The JSON Schema of what a client may send (input) or receives (output) through a
   * schema, its named parts as references to the document's components.
   */
  schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json;
  document(): object;
}

const COMPONENTS = '#/components/schemas/';
/** Every error answer (4xx/5xx) is `{ msg, code? }`: one component, referenced by each. */
export const ERROR_COMPONENT = 'Error';
const errorSchema = {
  type: 'object',
  properties: { msg: { type: 'string' }, code: { type: 'string' } },
  required: ['msg'],
};

/**
 * A named schema can differ between what is sent and what is answered (an object
 * answer forbids unknown keys, a default makes a field optional on input), so the
 * input side of `Trip` is its own component, `TripInput`.
 */
const componentName = (id: string, io: 'input' | 'output') => (io === 'input' ? `${id}Input` : id);

/** `value` with every `$ref` passed through `rename` (schemas are plain JSON). */
export function mapRefs(value: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, rename));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' ? rename(item) : mapRefs(item, rename),
    ]),
  );
}

/** An OpenAPI 3.0 document assembled from the routes as they are declared. */
export function createApiDoc(title: string, version = '1.0.0'): ApiDoc {
  const paths: Record<string, Record<string, object>> = {};
  const schemas: Record<string, Json> = { [ERROR_COMPONENT]: errorSchema };

  // Two different schemas under one name would make one route's description a lie.
  const addComponent = (name: string, schema: Json) => {
    if (schemas[name] && !isDeepStrictEqual(schemas[name], schema)) {
      throw new Error(`${title}: two different schemas are named "${name}" (zod .meta({ id })); give one another id`);
    }
    schemas[name] = schema;
  };

  return {
    title,
    addOperation(path, method, operation) {
      paths[path] = { ...paths[path], [method]: operation };
    },
    schemaOf(schema, io) {
      // zod extracts every schema with an `id` in its metadata into `definitions` and
      // refers to it as `#/definitions/<id>` (the root too, when it is named); those
      // move to the document's components.
      const {
        $schema: _ignored,
        definitions = {},
        ...json
      } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Json & {
        definitions?: Record<string, Json>;
      };
      const toComponent = (ref: string) => {
        const id = /^#\/definitions\/(.+)$/.exec(ref)?.[1];
        return id === undefined ? ref : COMPONENTS + componentName(id.replace(/~1/g, '/').replace(/~0/g, '~'), io);
      };
      for (const [id, definition] of Object.entries(definitions)) {
        addComponent(componentName(id, io), mapRefs(definition, toComponent) as Json);
      }
      return mapRefs(json, toComponent) as Json;
    },
    document() {
      return {
        openapi: '3.0.3',
        info: { title, version },
        paths,
        components: {
          schemas,
          securitySchemes: {
            accessToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'Sent as `Authorization: Bearer <token>` or the raw token.',
            },
          },
        },
      };
    },
  };
}
