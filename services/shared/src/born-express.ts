// Requests and responses created with Express's prototypes from the start, for a
// server whose listener is an Express app (lifecycle.ts `listen`). Express otherwise
// swaps the prototype of every request and response it handles (`Object.setPrototypeOf`
// in app.handle, and in the kit's direct routes). V8 then gave each swapped object a
// map it had not cached, and every property added afterwards another: under load the
// kit promoted about 1.5 MB of those per young-generation GC (every 100-odd requests),
// which made each scavenge several times slower and brought a full mark-compact every
// few seconds (docs/adr/0046-lighter-kit.md).
//
// The server makes its requests and responses from subclasses of Node's, and the app's
// `request` and `response` become those subclasses' prototypes (holding what Express's
// held), so the swap finds the prototype already in place — a no-op in V8. Subclasses,
// not functions calling Node's constructors on a `this` with another prototype: those
// objects came out with dictionary properties, over ten times slower to build.
import { IncomingMessage, ServerResponse, type RequestListener, type ServerOptions } from 'node:http';

interface ExpressPrototypes {
  request: object;
  response: object;
}

const made = new WeakMap<object, ServerOptions>();

/**
 * Server options that make `listener`'s requests and responses Express's from birth
 * when it is an Express app (its `request` and `response` are built on Node's), after
 * rebasing the app's `request` and `response` on the server's classes; none otherwise.
 */
export function bornExpressOptions(listener: RequestListener): ServerOptions {
  const app = listener as unknown as Partial<ExpressPrototypes>;
  if (!(app.request instanceof IncomingMessage) || !(app.response instanceof ServerResponse)) return {};
  const known = made.get(app);
  if (known) return known;
  class ExpressRequest extends IncomingMessage {}
  class ExpressResponse extends ServerResponse {}
  app.request = adopt(ExpressRequest.prototype, app.request);
  app.response = adopt(ExpressResponse.prototype, app.response);
  const options: ServerOptions = {
    IncomingMessage: ExpressRequest,
    ServerResponse: ExpressResponse as ServerOptions['ServerResponse'],
  };
  made.set(app, options);
  return options;
}

/** `prototype` takes `expressPrototype`'s place: its parent and its own properties (e.g. `app`). */
function adopt(prototype: object, expressPrototype: object): object {
  Object.setPrototypeOf(prototype, Object.getPrototypeOf(expressPrototype));
  Object.defineProperties(prototype, Object.getOwnPropertyDescriptors(expressPrototype));
  return prototype;
}
