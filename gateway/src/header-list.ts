// The headers of a proxied request and of its answer as flat [name, value, …] lists,
// read from the parser's rawHeaders in one pass and written with one call, so the
// API path never builds Node's header objects (docs/adr/0044-headers-as-lists.md).
//
// Why: measured with callgrind against a bare node:http proxy, most of what the
// gateway spent beyond it went on headers: `req.headers`/`answer.headers` are built
// lazily from rawHeaders (a lower-cased copy of each name), copying them dropped the
// objects into dictionary mode (megamorphic property access, key sorting), and once
// one answer header was set with `res.setHeader`, Node merged every other header of
// `writeHead` through setHeader again (lower-case, validate, store). A list of pairs
// given to `http.request` and `writeHead` goes straight to the message head.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DRAINING_HEADER } from '@tripcost/shared';

/** [name, value, name, value, …]; names lower-case. */
export type HeaderList = string[];

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Headers Node's parser keeps only once (the first), where others are joined. */
const SINGLE = new Set([
  'authorization',
  'content-length',
  'content-type',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'user-agent',
]);

/** The first value of `name` (lower-case) in a list. */
export function valueOf(list: HeaderList, name: string): string | undefined {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
  return undefined;
}

/** Every value of `name` (lower-case) in a list, joined as one field value; undefined when absent. */
export function joinedValue(list: HeaderList, name: string): string | undefined {
  let joined: string | undefined;
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] === name) joined = joined === undefined ? list[i + 1] : `${joined}, ${list[i + 1]}`;
  }
  return joined;
}

/** Sets `name` to `value`: the first occurrence is replaced (later ones dropped), or the pair is added. */
export function setValue(list: HeaderList, name: string, value: string): void {
  const at = list.indexOf(name);
  if (at === -1 || at % 2 !== 0) return void list.push(name, value);
  list[at + 1] = value;
  removeValue(list, name, at + 2);
}

/** Removes every occurrence of `name` from position `from` on. */
export function removeValue(list: HeaderList, name: string, from = 0): void {
  for (let i = list.length - 2; i >= from; i -= 2) if (list[i] === name) list.splice(i, 2);
}

/** What the API path reads of a request's headers, and the list it forwards. */
export interface RequestHead {
  /** To the upstream: the request's headers minus hop-by-hop ones and the X-Forwarded-* and X-Request-Id it is given. */
  forward: HeaderList;
  requestId?: string;
  authorization?: string;
  origin?: string;
  accept?: string;
  acceptEncoding?: string;
  contentLength?: string;
  /** Has a body of unknown length (Transfer-Encoding). */
  chunked: boolean;
  forwardedFor?: string;
  forwardedProto?: string;
  forwardedHost?: string;
  host?: string;
}

const HEAD = Symbol('gateway request head');
type WithHead = IncomingMessage & { [HEAD]?: RequestHead };

/** The request's head, read once from rawHeaders (repeated headers are joined as Node joins them). */
export function requestHead(req: IncomingMessage): RequestHead {
  const known = (req as WithHead)[HEAD];
  if (known) return known;
  const raw = req.rawHeaders;
  // Every field from the start: one object shape for every request, whichever headers it has.
  const head: RequestHead = {
    forward: [],
    requestId: undefined,
    authorization: undefined,
    origin: undefined,
    accept: undefined,
    acceptEncoding: undefined,
    contentLength: undefined,
    chunked: false,
    forwardedFor: undefined,
    forwardedProto: undefined,
    forwardedHost: undefined,
    host: undefined,
  };
  let listed: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    switch (name) {
      case 'x-request-id':
        head.requestId ??= value;
        continue;
      case 'x-forwarded-for':
        head.forwardedFor = head.forwardedFor === undefined ? value : `${head.forwardedFor}, ${value}`;
        continue;
      case 'x-forwarded-proto':
        head.forwardedProto = head.forwardedProto === undefined ? value : `${head.forwardedProto}, ${value}`;
        continue;
      case 'x-forwarded-host':
        head.forwardedHost ??= value;
        continue;
      case 'authorization':
        head.authorization ??= value;
        break;
      case 'origin':
        head.origin ??= value;
        break;
      case 'accept':
        head.accept = head.accept === undefined ? value : `${head.accept}, ${value}`;
        break;
      case 'accept-encoding':
        head.acceptEncoding = head.acceptEncoding === undefined ? value : `${head.acceptEncoding}, ${value}`;
        break;
      case 'content-length':
        head.contentLength ??= value;
        break;
      case 'host':
        head.host ??= value;
        break;
      case 'transfer-encoding':
        head.chunked = true;
        continue;
      case 'expect':
        // Node's server has already answered `100-continue`; the body follows as usual.
        continue;
      case 'connection':
        listed = listed === undefined ? value : `${listed}, ${value}`;
        continue;
    }
    if (HOP_BY_HOP.has(name)) continue;
    // Node keeps the first of these when a request repeats them; so does what is forwarded.
    if (SINGLE.has(name) && valueOf(head.forward, name) !== undefined) continue;
    head.forward.push(name, value);
  }
  if (listed !== undefined) dropListedInConnection(head.forward, listed);
  (req as WithHead)[HEAD] = head;
  return head;
}

/** What the proxy reads of an upstream's answer headers, and the list it passes on. */
export interface AnswerHead {
  /** The answer's headers minus hop-by-hop ones. */
  list: HeaderList;
  contentType?: string;
  /** `Connection: close`: the upstream is closing its connections. */
  closing: boolean;
  /** The service marked this 503 as answered while draining. */
  draining: boolean;
}

export function answerHead(raw: string[]): AnswerHead {
  const head: AnswerHead = { list: [], contentType: undefined, closing: false, draining: false };
  let listed: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (name === 'content-type') head.contentType ??= value;
    else if (name === DRAINING_HEADER) head.draining = true;
    else if (name === 'connection') {
      listed = listed === undefined ? value : `${listed}, ${value}`;
      continue;
    }
    if (HOP_BY_HOP.has(name)) continue;
    head.list.push(name, value);
  }
  if (listed !== undefined) {
    head.closing = /(?:^|,)\s*close\s*(?:,|$)/i.test(listed);
    dropListedInConnection(head.list, listed);
  }
  return head;
}

const KEEP_ALIVE_OR_CLOSE = /^\s*(?:keep-alive|close)\s*$/i;

/** Headers the sender named in Connection are hop-by-hop too. */
function dropListedInConnection(list: HeaderList, listed: string): void {
  // Almost always one of these two, which name no header.
  if (KEEP_ALIVE_OR_CLOSE.test(listed)) return;
  for (const token of listed.split(',')) {
    const name = token.trim().toLowerCase();
    if (name !== '' && name !== 'keep-alive' && name !== 'close') removeValue(list, name);
  }
}

const GATEWAY_HEAD = Symbol('gateway answer headers');
type WithGatewayHead = ServerResponse & { [GATEWAY_HEAD]?: HeaderList };

/** Starts the gateway's headers of this request's answers with `list` (a fresh list it keeps). */
export function startAnswerHeaders(res: ServerResponse, list: HeaderList): void {
  (res as WithGatewayHead)[GATEWAY_HEAD] = list;
}

/** A header the gateway adds to every answer of this request (request id, security, CORS). */
export function addAnswerHeader(res: ServerResponse, name: string, value: string): void {
  const own = ((res as WithGatewayHead)[GATEWAY_HEAD] ??= []);
  own.push(name, value);
}

/** The gateway's headers of this request's answers, as set so far. */
export function gatewayHeaders(res: ServerResponse): readonly string[] {
  return (res as WithGatewayHead)[GATEWAY_HEAD] ?? [];
}

/**
 * Writes the status line and headers: the gateway's own, then `answer`'s (lower-case
 * names). Where both name a header, the answer's wins, as a service's own value
 * always has; except Vary, a list both add to (the gateway's Origin, the service's
 * own), sent as two field lines that mean their union (RFC 9110 §5.3).
 */
export function writeAnswerHead(res: ServerResponse, status: number, answer: HeaderList): void {
  const own = (res as WithGatewayHead)[GATEWAY_HEAD];
  if (own === undefined || own.length === 0) return void res.writeHead(status, answer);
  const list: HeaderList = [];
  for (let i = 0; i < own.length; i += 2) {
    if (own[i] === 'vary' || !namedIn(answer, own[i]!)) list.push(own[i]!, own[i + 1]!);
  }
  for (let i = 0; i < answer.length; i++) list.push(answer[i]!);
  res.writeHead(status, list);
}

function namedIn(list: HeaderList, name: string): boolean {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return true;
  return false;
}
