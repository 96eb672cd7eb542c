// Routes declared once: the same zod schemas validate the request and describe it
// in the service's OpenAPI document, and each answer's schema describes the response,
// so every route is documented by construction. The web app's API types are
// generated from these documents (see docs/adr/0011-one-contract.md).
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import { userOf } from '../auth/middleware';
import type { AuthUser } from '../auth/tokens';
import { parseOr400 } from '../validation';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiDoc {
  title: string;
  addOperation(path: string, method: Method, operation: object): void;
  document(): object;
}

/** An OpenAPI 3.0 document assembled from the routes as they are declared. */
export function createApiDoc(title: string, version = '1.0.0'): ApiDoc {
  const paths: Record<string, Record<string, object>> = {};
  return {
    title,
    addOperation(path, method, operation) {
      paths[path] = { ...paths[path], [method]: operation };
    },
    document() {
      return {
        openapi: '3.0.3',
        info: { title, version },
        paths,
        components: {
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

/** JSON Schema of what a client may send (input) or receives (output) through a schema. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as Record<string, unknown>;
  return json;
}
const inputSchema = (schema: z.ZodType) => jsonSchema(schema, 'input');

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): object[] {
  if (!schema) return [];
  const json = inputSchema(schema) as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The caller; only on routes declared with `auth: 'required'`. */
  user: AuthUser;
  req: Request;
  res: Response;
}

export interface RouteResult {
  status?: number;
  body?: unknown;
}

/**
 * One documented answer: its description, and for a JSON body the schema of what the
 * client receives. Error answers (4xx/5xx) are `{ msg, code? }` without saying so.
 */
export type RouteResponse = string | { description: string; schema: z.ZodType };

export interface RouteSpec<PS extends z.ZodType, QS extends z.ZodType, BS extends z.ZodType> {
  method: Method;
  /** Express path, e.g. `/api/trips/getaway/:tripId`. */
  path: string;
  summary: string;
  tags?: string[];
  auth: 'required' | 'optional' | 'none';
  params?: PS;
  query?: QS;
  body?: BS;
  responses: Record<number, RouteResponse>;
  /** Extra middleware in front of the handler (auth is added from `auth`). */
  before?: RequestHandler[];
  handler: (
    input: RouteInput<z.infer<PS>, z.infer<QS>, z.infer<BS>>,
  ) => Promise<RouteResult | void> | RouteResult | void;
}

export interface RouteContext {
  router: Router;
  doc: ApiDoc;
  requireAuth: RequestHandler;
  optionalAuth: RequestHandler;
}

/**
 * The OpenAPI document of a service's routes, built without an app, a store or a
 * server: the route functions only declare. Used to generate the web app's API types.
 */
export function describeRoutes(service: string, routes: (ctx: RouteContext) => void): object {
  const doc = createApiDoc(`TripCost ${service} API`);
  const declareOnly: RequestHandler = (_req, _res, next) => next();
  routes({ router: express.Router(), doc, requireAuth: declareOnly, optionalAuth: declareOnly });
  return doc.document();
}

const errorSchemaRef = {
  type: 'object',
  properties: { msg: { type: 'string' }, code: { type: 'string' } },
  required: ['msg'],
} as const;

export function defineRoute<PS extends z.ZodType, QS extends z.ZodType, BS extends z.ZodType>(
  ctx: RouteContext,
  spec: RouteSpec<PS, QS, BS>,
): void {
  document(ctx.doc, spec);
  const guards: RequestHandler[] = [];
  if (spec.auth === 'required') guards.push(ctx.requireAuth);
  if (spec.auth === 'optional') guards.push(ctx.optionalAuth);

  const run = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const params = spec.params ? parseOr400(spec.params, req.params, 'path') : req.params;
      const query = spec.query ? parseOr400(spec.query, req.query, 'query') : req.query;
      const body = spec.body ? parseOr400(spec.body, req.body ?? {}, 'body') : undefined;
      const user = spec.auth === 'required' ? userOf(req) : (req.user as AuthUser);
      const result = await spec.handler({ params, query, body, user, req, res } as RouteInput<
        z.infer<PS>,
        z.infer<QS>,
        z.infer<BS>
      >);
      if (res.headersSent) return;
      const status = result?.status ?? 200;
      if (result?.body === undefined) res.status(status).end();
      else res.status(status).json(result.body);
    } catch (error) {
      next(error);
    }
  };
  ctx.router[spec.method](spec.path, ...guards, ...(spec.before ?? []), run);
}

function document(doc: ApiDoc, spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType>) {
  const responses: Record<string, { description: string; content?: object }> = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    const description = typeof response === 'string' ? response : response.description;
    if (Number(status) >= 400) {
      responses[status] = { description, content: { 'application/json': { schema: errorSchemaRef } } };
    } else if (typeof response === 'string') {
      responses[status] = { description };
    } else {
      responses[status] = {
        description,
        content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } },
      };
    }
  }
  if (spec.auth === 'required') responses['401'] ??= { description: 'Missing or invalid access token' };
  if (spec.body) responses['400'] ??= { description: 'Invalid request' };
  doc.addOperation(spec.path.replace(/:(\w+)/g, '{$1}'), spec.method, {
    summary: spec.summary,
    tags: spec.tags,
    security: spec.auth === 'none' ? [] : [{ accessToken: [] }],
    parameters: [...parametersOf(spec.params, 'path'), ...parametersOf(spec.query, 'query')],
    requestBody: spec.body
      ? { required: true, content: { 'application/json': { schema: inputSchema(spec.body) } } }
      : undefined,
    responses,
  });
}
