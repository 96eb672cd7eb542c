// One way for a service to call another (docs/service-kit.md "Calling another service"):
// an endpoint is declared once — callee, method, the path as the callee's OpenAPI document
// writes it, the query it sends and the answer fields it reads — and a test checks the
// declaration against the callee's served /openapi.json (openApiMismatches). Calls carry
// the caller's token (the callee applies its own owner check), have a deadline per
// attempt, and a read the callee provably did not handle (refused or reset connection,
// or a 503 while it drains or starts) is tried again by the shared backoff for a few
// seconds, so a rolling restart of the callee does not fail the caller (ADR 0019). A
// create (POST, answered 201) carries an Idempotency-Key, so it is sent again on the
// same terms: the callee answers a repeat with the first answer (ADR 0052).
import type { ServiceName } from '../events';
import { backoffMs } from '../retry';

/** `'/a/{x}/b/{y}'` → `'x' | 'y'`. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

export interface Endpoint<Path extends string = string, Query extends string = string> {
  /** The service called: its name in deployables.json. */
  callee: ServiceName;
  method: 'get' | 'post';
  /** The path as the callee's OpenAPI document writes it, e.g. '/api/trips/getaway/{tripId}'. */
  path: Path;
  /** The query parameters this caller may send. */
  query?: readonly Query[];
  /** The 200 answer (201 for a post): an object or a list of objects, and the fields this caller reads. */
  answer: { list: boolean; reads: readonly string[] };
}

export const defineEndpoint = <const Path extends string, const Query extends string = never>(
  endpoint: Endpoint<Path, Query>,
): Endpoint<Path, Query> => endpoint;

export interface CallOptions<Path extends string, Query extends string> {
  /** The caller's own Authorization header, passed on as it came. */
  authorization: string;
  params: Record<PathParams<Path>, string>;
  query?: Partial<Record<Query, string | number>>;
}

export interface CreateOptions<Path extends string> {
  authorization: string;
  params: Record<PathParams<Path>, string>;
  body: unknown;
  /** Idempotency-Key: the same key for every attempt of one create. */
  idempotencyKey: string;
}

export interface ServiceAnswer {
  status: number;
  /** The parsed JSON of a 200 answer; undefined for any other status or a body that is not JSON. */
  body: unknown;
}

export interface ServiceClient {
  /** Throws the network or timeout error once retrying is over; any HTTP status is answered. */
  get<Path extends string, Query extends string>(
    endpoint: Endpoint<Path, Query>,
    options: CallOptions<Path, Query>,
  ): Promise<ServiceAnswer>;
  /** A create: any status is answered, with its JSON body (a refusal's `{msg}` included). */
  post<Path extends string>(endpoint: Endpoint<Path>, options: CreateOptions<Path>): Promise<ServiceAnswer>;
}

/** How long a read is sent again while the callee restarts (under the gateway's 10 s). */
export const RESTART_WINDOW_MS = 5000;

export function createServiceClient(options: {
  baseUrl: string;
  /** The deadline of one attempt; a timed-out attempt is not repeated. */
  timeoutMs: number;
  retryWindowMs?: number;
}): ServiceClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const windowMs = options.retryWindowMs ?? RESTART_WINDOW_MS;
  return {
    async get(endpoint, { authorization, params, query }) {
      const url = new URL(base + fillPath(endpoint.path, params as Record<string, string>));
      for (const [name, value] of Object.entries(query ?? {}))
        if (value !== undefined) url.searchParams.set(name, String(value));
      const response = await fetchRetryingRestarts(url, authorization, options.timeoutMs, windowMs);
      if (response.status !== 200) {
        await response.body?.cancel();
        return { status: response.status, body: undefined };
      }
      return { status: 200, body: await response.json().catch(() => undefined) };
    },
    async post(endpoint, { authorization, params, body, idempotencyKey }) {
      const url = new URL(base + fillPath(endpoint.path, params as Record<string, string>));
      const init = {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      };
      const response = await fetchRetryingRestarts(url, authorization, options.timeoutMs, windowMs, init);
      return { status: response.status, body: await response.json().catch(() => undefined) };
    },
  };
}

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(value);
  });
}

async function fetchRetryingRestarts(
  url: URL,
  authorization: string,
  timeoutMs: number,
  windowMs: number,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const deadline = Date.now() + windowMs;
  for (let attempt = 1; ; attempt += 1) {
    const pause = backoffMs(attempt);
    const lastChance = Date.now() + pause > deadline;
    try {
      const response = await fetch(url, {
        ...init,
        headers: { ...init.headers, authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status !== 503 || lastChance) return response;
      await response.body?.cancel();
    } catch (error) {
      if (lastChance || (error as Error).name === 'TimeoutError') throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};

/**
 * What an endpoint declares that the callee's OpenAPI document does not have: its path
 * and method, each query parameter, a 200 JSON answer of the declared kind (object or
 * list) and each field it reads. Empty when the declaration holds.
 */
export function openApiMismatches(endpoint: Endpoint, document: unknown): string[] {
  const doc = document as {
    paths?: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
        }
      >
    >;
    components?: { schemas?: Record<string, Schema> };
  };
  const where = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
  const operation = doc.paths?.[endpoint.path]?.[endpoint.method];
  if (!operation) return [`${where}: not in the ${endpoint.callee} API`];
  const problems: string[] = [];
  const queryNames = new Set((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of endpoint.query ?? [])
    if (!queryNames.has(name)) problems.push(`${where}: no query parameter '${name}'`);
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    const name = schema?.$ref?.replace('#/components/schemas/', '');
    return name ? resolve(doc.components?.schemas?.[name]) : schema;
  };
  const fieldsOf = (schema: Schema | undefined): Set<string> => {
    const resolved = resolve(schema);
    const fields = new Set(Object.keys(resolved?.properties ?? {}));
    for (const part of [...(resolved?.allOf ?? []), ...(resolved?.anyOf ?? []), ...(resolved?.oneOf ?? [])])
      for (const field of fieldsOf(part)) fields.add(field);
    return fields;
  };
  const success = endpoint.method === 'post' ? '201' : '200';
  const answer = resolve(operation.responses?.[success]?.content?.['application/json']?.schema);
  if (!answer) return [...problems, `${where}: no ${success} JSON answer`];
  const mismatches = (shape: Schema): string[] => {
    const found: string[] = [];
    const isList = shape.type === 'array' || (Array.isArray(shape.type) && shape.type.includes('array'));
    if (isList !== endpoint.answer.list) found.push(`${where}: answers ${isList ? 'a list' : 'an object'}`);
    const fields = fieldsOf(isList ? resolve(shape.items) : shape);
    for (const field of endpoint.answer.reads)
      if (!fields.has(field)) found.push(`${where}: the answer has no field '${field}'`);
    return found;
  };
  // An answer that depends on the request (a list or its summaries, by ?view) is a
  // union of shapes at the top: the call is served as declared when one of them fits.
  const shapes = answer.type === undefined ? [...(answer.anyOf ?? []), ...(answer.oneOf ?? [])] : [];
  const candidates = (shapes.length > 0 ? shapes.map(resolve) : [answer]).filter((shape) => shape !== undefined);
  const fits = candidates.map(mismatches).sort((a, b) => a.length - b.length);
  return [...problems, ...(fits[0] ?? [])];
}
