// A fake backend at the network boundary: replaces global fetch for one test, routes
// requests by "METHOD /path/:param" and records every call. Our own code runs unmocked.
export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
  headers: Headers;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeApi {
  calls: FakeRequest[];
  callsTo(method: string, path: string): FakeRequest[];
  restore(): void;
}

function compile(pattern: string): { method: string; regex: RegExp; names: string[] } {
  const [method, path] = pattern.split(' ');
  const names: string[] = [];
  const source = path.replace(/:[A-Za-z]+/g, (m) => {
    names.push(m.slice(1));
    return '([^/]+)';
  });
  return { method, regex: new RegExp(`^${source}$`), names };
}

export function installFakeApi(routes: Record<string, FakeHandler>): FakeApi {
  const compiled = Object.entries(routes).map(([pattern, handler]) => ({ ...compile(pattern), handler }));
  const calls: FakeRequest[] = [];
  const original = globalThis.fetch;

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const base: Omit<FakeRequest, 'params'> = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body,
      authorization: request.headers.get('authorization'),
      headers: request.headers,
    };
    for (const route of compiled) {
      const match = route.method === request.method ? route.regex.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
      const req = { ...base, params };
      calls.push(req);
      const res = await route.handler(req);
      return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
        status: res.status ?? 200,
        headers: { 'content-type': 'application/json', ...res.headers },
      });
    }
    calls.push({ ...base, params: {} });
    return new Response(JSON.stringify({ msg: 'Not found' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;

  return {
    calls,
    callsTo: (method, path) => calls.filter((c) => c.method === method && c.path === path),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
