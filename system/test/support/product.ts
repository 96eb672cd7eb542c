// The system suites' view of the product: the whole back end in this process (one
// helper, gateway/test/product.ts, shared with the gateway's own end-to-end tests)
// and what the system suites add to it: the operations the API document lists.
import type { Product } from '../../../gateway/test/product';

export {
  PASSWORD,
  startProductInProcess,
  type Product,
  type RawRequest,
  type Reply,
  type Traveller,
} from '../../../gateway/test/product';

/** The merged OpenAPI document's operations, as `METHOD /path/{param}` keys. */
export async function documentedOperations(product: Product): Promise<{ key: string; operation: OpenApiOperation }[]> {
  const doc = (await product.call({ method: 'GET', path: '/api/docs/openapi.json' })).body as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    'x-unavailable-services'?: string[];
  };
  if (doc['x-unavailable-services']?.length) {
    throw new Error(`services missing from the API document: ${doc['x-unavailable-services'].join(', ')}`);
  }
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
}

export interface OpenApiOperation {
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
  security?: unknown[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
}
