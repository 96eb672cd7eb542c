// Routes declared once: the same zod schemas validate the request and describe it
// in the service's OpenAPI document, and each answer's schema describes the response,
// so every route is documented by construction. The web app's API types are
// generated from these documents (see docs/adr/0011-one-source-of-truth.md); a schema
// named with `.meta({ id })` is one component of the document (api-doc.ts).
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import { userOf } from '../auth/middleware';
import type { AuthUser } from '../auth/tokens';
import { parseOr400, strictQuery } from '../validation';
import { type ApiDoc, createApiDoc, ERROR_COMPONENT, type Method } from './api-doc';

type ObjectSchema = { properties?: Record<string, object>; required?: string[] };
const inputProperties = (doc: ApiDoc, schema: z.ZodType) =>
  (doc.schemaOf(schema, 'input') as ObjectSchema).properties ?? {};

function parametersOf(doc: ApiDoc, schema: z.ZodType | undefined, where: 'path' | 'query'): object[] {
  if (!schema) return [];
  const json = doc.schemaOf(schema, 'input') as ObjectSchema;
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

const errorSchemaRef = { $ref: `#/components/schemas/${ERROR_COMPONENT}` } as const;

export function defineRoute<PS extends z.ZodType, QS extends z.ZodType, BS extends z.ZodType>(
  ctx: RouteContext,
  spec: RouteSpec<PS, QS, BS>,
): void {
  document(ctx.doc, spec);
  const queryNames = spec.query ? Object.keys(inputProperties(ctx.doc, spec.query)) : [];
  const guards: RequestHandler[] = [];
  if (spec.auth === 'required') guards.push(ctx.requireAuth);
  if (spec.auth === 'optional') guards.push(ctx.optionalAuth);

  // Synchronous unless the handler returns a promise: an async wrapper cost every
  // request a promise, a turn of the microtask queue and Express's `.then` on it.
  const run = (req: Request, res: Response, next: NextFunction) => {
    let result: Promise<RouteResult | void> | RouteResult | void;
    try {
      const params = spec.params ? parseOr400(spec.params, req.params, 'path') : req.params;
      const query = spec.query
        ? parseOr400(spec.query, strictQuery(req.query as Record<string, unknown>, queryNames), 'query')
        : req.query;
      const body = spec.body ? parseOr400(spec.body, req.body ?? {}, 'body') : undefined;
      const user = spec.auth === 'required' ? userOf(req) : (req.user as AuthUser);
      result = spec.handler({ params, query, body, user, req, res } as RouteInput<
        z.infer<PS>,
        z.infer<QS>,
        z.infer<BS>
      >);
    } catch (error) {
      return next(error);
    }
    if (isThenable(result)) {
      result.then((answer) => respond(res, answer)).then(undefined, next);
      return;
    }
    try {
      respond(res, result);
    } catch (error) {
      next(error);
    }
  };
  ctx.router[spec.method](spec.path, ...guards, ...(spec.before ?? []), run);
}

const isThenable = (value: unknown): value is PromiseLike<RouteResult | void> =>
  typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';

/** Sends what a handler returned, unless it answered itself. */
function respond(res: Response, result: RouteResult | void): void {
  if (res.headersSent) return;
  const status = result?.status ?? 200;
  if (result?.body === undefined) res.status(status).end();
  else if (answersThroughJson(res)) res.status(status).json(result.body);
  else sendJson(res, status, result.body);
}

const THROUGH_JSON = 'answerThroughJson';

/**
 * A `before` step that must see the answer before it leaves (the idempotency store
 * keeps it for retries, http/idempotency.ts) wraps `res.json` and calls this: the route
 * then answers through `res.json` instead of the one-write path below.
 */
export function answerThroughJson(res: Response): void {
  res.locals[THROUGH_JSON] = true;
}

const answersThroughJson = (res: Response): boolean => res.locals[THROUGH_JSON] === true;

/**
 * A route's JSON answer, written in one piece: the JSON string goes out with the
 * header in a single socket write. Express's `res.json` first copies the string into
 * a Buffer and then writes header and body apart; for a 25 kB list that copy and
 * the second write were a visible share of a request's CPU (bench/kit-overhead.mjs).
 * The kit sets no ETag on answers (app.ts) and Node sends no body for HEAD, so
 * nothing else `res.json` did applies here.
 */
function sendJson(res: Response, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  if (json === undefined || status === 204 || status === 304) return void res.status(status).end();
  res.statusCode = status;
  if (!res.hasHeader('content-type')) res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(json));
  // The header first (still one write: `end` sends it with the body): `end` given a
  // body before the header measures the whole JSON string again for a length set here.
  res.writeHead(status);
  res.end(json);
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
        content: { 'application/json': { schema: doc.schemaOf(response.schema, 'output') } },
      };
    }
  }
  if (spec.auth === 'required') responses['401'] ??= { description: 'Missing or invalid access token' };
  if (spec.body) responses['400'] ??= { description: 'Invalid request' };
  doc.addOperation(spec.path.replace(/:(\w+)/g, '{$1}'), spec.method, {
    summary: spec.summary,
    tags: spec.tags,
    security: spec.auth === 'none' ? [] : [{ accessToken: [] }],
    parameters: [...parametersOf(doc, spec.params, 'path'), ...parametersOf(doc, spec.query, 'query')],
    requestBody: spec.body
      ? { required: true, content: { 'application/json': { schema: doc.schemaOf(spec.body, 'input') } } }
      : undefined,
    responses,
  });
}
