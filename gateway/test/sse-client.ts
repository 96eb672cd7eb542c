// A test client of a trip's live updates, read as the web app reads them (fetch, not
// EventSource): every event and comment in arrival order, and waits for the next ones.

export interface SseEvent {
  /** 'change', 'reset', 'revoked', or 'comment' for a `: …` line. */
  event: string;
  id?: string;
  data: string;
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The error body of a refused request. */
  body?: unknown;
  events: SseEvent[];
  /** Resolves with the first event after `from` (index) that matches, or rejects after `timeoutMs`. */
  next(match?: (event: SseEvent) => boolean, timeoutMs?: number, from?: number): Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(
  url: string,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((waiter) => waiter());
  let finished = false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const text = await response.text();
    const never = new Promise<SseEvent>(() => undefined);
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
      events,
      next: () => never,
      ended: Promise.resolve(),
      close: () => undefined,
    };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          events.push(parseBlock(buffer.slice(0, split)));
          buffer = buffer.slice(split + 2);
        }
        notify();
      }
    } catch {
      // closed by us (abort) or cut: the stream is over either way
    } finally {
      finished = true;
      notify();
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    close: () => abort.abort(),
    next(match = (event) => event.event !== 'comment', timeoutMs = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) return done(() => resolve(found));
          if (finished) done(() => reject(new Error(`stream ended; events: ${JSON.stringify(events)}`)));
        };
        const timer = setTimeout(
          () =>
            done(() => reject(new Error(`no matching event in ${timeoutMs} ms; events: ${JSON.stringify(events)}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
  };
}

function parseBlock(block: string): SseEvent {
  const event: SseEvent = { event: 'message', data: '', at: Date.now() };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { event: 'comment', data: line.slice(1).trim(), at: event.at };
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event.event = value;
    else if (field === 'id') event.id = value;
    else if (field === 'data') data.push(value);
  }
  event.data = data.join('\n');
  return event;
}
