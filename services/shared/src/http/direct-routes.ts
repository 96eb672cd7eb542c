// A service's routes with a fixed path (`GET /api/trips/getaway-trip`, not
// `/api/trips/getaway/:tripId`), found in a Map instead of by Express's router.
// Profiles of a kit route under load (bench/kit-overhead.mjs) showed Express's
// dispatch as the largest share of what the kit spends beyond serving the request:
// the router tries each layer's path regex in turn, twice (the app's stack, then the
// service router's), builds a `next` per router and a restore wrapper per request,
// re-parses the URL for every layer, and hands each handler over through its
// promise and tracing checks. This runs the very same functions in the same order
// (the app's middleware, the route's handlers, then the 404 or the error middleware)
// with none of that, and sets what Express would have set (prototypes, `req.route`,
// `req.params`, `req.baseUrl`, `req.originalUrl`, `res.locals`). Whatever the Map does
// not hold exactly — a path with parameters, a trailing slash, another case, HEAD,
// OPTIONS — goes through Express as before (docs/adr/0042-direct-routes.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, Response, Router } from 'express';

type Handler = (...args: never[]) => unknown;

/** What Express 5's router keeps per layer (router@2 `Layer`, `Route`); not in its types. */
interface Layer {
  handle: Handler;
  route?: ExpressRoute;
  /** A middleware mounted at '/' (app.use(fn)): it sees every path. */
  slash?: boolean;
  match(path: string): unknown;
}
interface ExpressRoute {
  path: unknown;
  stack: Array<{ handle: Handler; method?: string }>;
  _handlesMethod(method: string): boolean;
}

/** The methods answered directly; HEAD and OPTIONS have Express's own rules. */
const DIRECT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** path-to-regexp 8's syntax: a path without these characters matches only itself. */
const PATTERN_SYNTAX = /[:*?{}()[\]+\\]/;

interface DirectRoute {
  route: ExpressRoute;
  /** The app's middleware, the route's handlers, then the app's layers after the router. */
  handlers: Handler[];
}

/**
 * Answers the exact (method, path) pairs of `router`'s routes that Express would send
 * to exactly that route, without Express's router; everything else through Express.
 * Call once every middleware and route is added (after createServiceApp's last `use`).
 */
export function routeDirectly(app: Express, router: Router): void {
  const direct = directRoutes(app, router);
  if (direct.size === 0) return;
  // Read per request: listen() may rebase them on the server's classes (../born-express.ts).
  const prototypes = app as unknown as { request: object; response: object };
  // Express calls `app.handle` for every request (the app function is a wrapper around it).
  const dispatcher = app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, done?: unknown) => void };
  const throughExpress = dispatcher.handle.bind(app);
  dispatcher.handle = function handle(req: IncomingMessage, res: ServerResponse, done?: unknown): void {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const found = direct.get(`${req.method} ${query === -1 ? url : url.slice(0, query)}`);
    if (found === undefined) return throughExpress(req, res, done);
    // What app.handle and the routers set before the first middleware runs.
    const expressReq = req as Request;
    const expressRes = res as Response;
    expressReq.res = expressRes;
    expressRes.req = expressReq;
    // A no-op when the server made them Express's from birth (../born-express.ts).
    Object.setPrototypeOf(req, prototypes.request);
    Object.setPrototypeOf(res, prototypes.response);
    expressRes.locals ??= Object.create(null) as Response['locals'];
    expressReq.originalUrl = url;
    expressReq.baseUrl = '';
    expressReq.params = {};
    expressReq.route = found.route;
    run(found.handlers, expressReq, expressRes);
  };
}

/**
 * Runs handlers the way Express's layers do: a plain handler on the way down, an
 * error handler (four arguments) only once something failed, a throw or a rejected
 * promise passed on as the error. `next('route')` and `next('router')` leave the
 * route: its path matches no other layer (see directRoutes), so Express too would
 * go on to the layers after the router.
 */
function run(handlers: Handler[], req: Request, res: Response): void {
  let index = 0;
  let routeEnds = -1;
  const next: NextFunction = (error?: unknown) => {
    if (error === 'route' || error === 'router') {
      if (routeEnds === -1) routeEnds = handlers.findIndex((handler) => handler === LEAVE_ROUTE);
      index = Math.max(index, routeEnds + 1);
      error = undefined;
    }
    while (index < handlers.length) {
      const handler = handlers[index++];
      if (handler === LEAVE_ROUTE) continue;
      const isErrorHandler = handler.length === 4;
      if (error ? !isErrorHandler : isErrorHandler) continue;
      try {
        const result = error
          ? (handler as (e: unknown, q: Request, s: Response, n: NextFunction) => unknown)(error, req, res, next)
          : (handler as (q: Request, s: Response, n: NextFunction) => unknown)(req, res, next);
        if (isThenable(result))
          result.then(undefined, (failure: unknown) => next(failure ?? new Error('Rejected promise')));
      } catch (failure) {
        next(failure);
      }
      return;
    }
    // Past the app's last layer: only reachable if its error middleware called next.
    if (!res.headersSent) res.status(error ? 500 : 404).end();
  };
  (req as Request & { next: NextFunction }).next = next;
  next();
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';

/** Marks where a route's own handlers end in a direct handler list. */
const LEAVE_ROUTE: Handler = () => undefined;

/**
 * The (method, path) pairs Express would dispatch to one route of `router` and to
 * nothing else: the app's layers before the router are all mounted at '/' (they see
 * every request, as here) and none of its own routes matches the path; in the
 * router, the only layer matching the path is that route, handling that method.
 */
function directRoutes(app: Express, router: Router): Map<string, DirectRoute> {
  const direct = new Map<string, DirectRoute>();
  const appStack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const routerStack = (router as unknown as { stack: Layer[] }).stack;
  const at = appStack.findIndex((layer) => layer.handle === (router as unknown as Handler));
  if (at === -1) return direct;
  const before = appStack.slice(0, at);
  const after = appStack.slice(at + 1);
  if ([...before, ...after].some((layer) => !layer.route && !layer.slash)) return direct;
  const front = before.filter((layer) => !layer.route).map((layer) => layer.handle);
  const back = after.filter((layer) => !layer.route).map((layer) => layer.handle);

  for (const layer of routerStack) {
    const route = layer.route;
    if (!route || typeof route.path !== 'string' || PATTERN_SYNTAX.test(route.path)) continue;
    const path = route.path;
    const appRoutes = [...before, ...after].filter((other) => other.route && other.match(path));
    const matching = routerStack.filter((other) => other.match(path));
    for (const method of DIRECT_METHODS) {
      if (!route._handlesMethod(method)) continue;
      if (appRoutes.some((other) => other.route!._handlesMethod(method))) continue;
      const rivals = matching.filter(
        (other) => other !== layer && (!other.route || other.route._handlesMethod(method)),
      );
      if (rivals.length > 0) continue;
      const own = route.stack
        .filter((step) => step.method === undefined || step.method === method.toLowerCase())
        .map((step) => step.handle);
      direct.set(`${method} ${path}`, { route, handlers: [...front, ...own, LEAVE_ROUTE, ...back] });
    }
  }
  return direct;
}
