// Compressed API answers (docs/adr/0036-compressed-answers.md): the gateway picks
// Brotli or gzip from the request's Accept-Encoding and compresses a service's answer
// as it streams through, with Node's zlib at a fast setting. Only answers where it
// pays: a compressible type, at least `minBytes` long (by Content-Length; a streamed
// answer of unknown length counts as long), not already encoded, not a 304/204/206
// or a HEAD, never an event stream (text/event-stream: each event must leave at once,
// a compressor would hold it back) and never when the service said no-transform.
// A compressed answer's ETag turns weak (W/"…"): the bytes differ by encoding, the
// representation does not, and the services compare If-None-Match/If-Match weakly.
import type { IncomingMessage } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import Negotiator from 'negotiator';
import { joinedValue, removeValue, requestHead, setValue, valueOf, type HeaderList } from './header-list';

export interface CompressionSettings {
  enabled: boolean;
  /** Answers shorter than this (by Content-Length) travel as they are. */
  minBytes: number;
}

export type Encoding = 'br' | 'gzip';

/** Ours first when the client likes both equally: Brotli is smaller at the same speed. */
const OFFERED = ['br', 'gzip', 'identity'];

/** JSON, text (not event streams), JavaScript, XML, SVG. */
const COMPRESSIBLE =
  /^\s*(?:application\/(?:json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(?:;|$)/i;

/** Brotli quality 4: about gzip-6's speed, smaller output (measured in bench/large-answers.mjs). */
const BROTLI_QUALITY = 4;
/** gzip level 5: most of level 9's ratio on JSON at a fraction of its CPU. */
const GZIP_LEVEL = 5;

type PreferredEncodings = (available: string[], options: { preferred: string[] }) => string | undefined;

/** The encoding the client prefers among ours (ties go to Brotli); undefined for identity. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const chosen = (negotiator.encoding as PreferredEncodings).call(negotiator, OFFERED, { preferred: OFFERED });
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** Whether this answer is one compression applies to, whatever the client accepts. */
export function isCompressible(
  settings: CompressionSettings,
  method: string | undefined,
  status: number,
  headers: HeaderList,
): boolean {
  if (!settings.enabled || method === 'HEAD') return false;
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  const encoded = valueOf(headers, 'content-encoding');
  if (encoded !== undefined && encoded !== 'identity') return false;
  const type = valueOf(headers, 'content-type');
  if (type === undefined || !COMPRESSIBLE.test(type)) return false;
  const length = valueOf(headers, 'content-length');
  if (length !== undefined && Number(length) < settings.minBytes) return false;
  return !/\bno-transform\b/i.test(valueOf(headers, 'cache-control') ?? '');
}

export interface Compression {
  encoding: Encoding;
  stream: BrotliCompress | Gzip;
}

/**
 * Rewrites `headers` (the list the proxy will send) for the answer to `req`, and gives
 * the compressor to pipe it through when it is to be compressed.
 */
export function compressAnswer(
  settings: CompressionSettings,
  req: IncomingMessage,
  status: number,
  headers: HeaderList,
): Compression | undefined {
  if (!settings.enabled) return undefined;
  if (status === 304) {
    // The 304 stands for the answer the client holds, compressed when it asked so.
    if (negotiateEncoding(requestHead(req).acceptEncoding)) weakenEtag(headers);
    return undefined;
  }
  if (!isCompressible(settings, req.method, status, headers)) return undefined;
  addVary(headers);
  const encoding = negotiateEncoding(requestHead(req).acceptEncoding);
  if (encoding === undefined) return undefined;
  const length = Number(valueOf(headers, 'content-length'));
  removeValue(headers, 'content-length');
  setValue(headers, 'content-encoding', encoding);
  weakenEtag(headers);
  return { encoding, stream: compressorFor(encoding, Number.isFinite(length) ? length : 0) };
}

/**
 * Brotli's window: the smallest that holds an answer of `sizeHint` bytes, between 64 KiB
 * and 256 KiB (256 KiB when the length is not known), never zlib's default 4 MiB. The
 * encoder's memory follows the window and Node reports it to V8 as external memory:
 * with 4 MiB windows, ten trip lists compressed at once made a full garbage collection
 * every ~10 answers (V8's "external memory pressure"), each costing the gateway's 20 MB
 * heap 15–25 ms. JSON repeats itself within a few kB: on the 1.6 MB trip list of 200
 * trips a 256 KiB window gives 34.2 kB against 35.1 kB with 4 MiB, no slower (issue 44).
 */
export function brotliWindowBits(sizeHint: number): number {
  if (!(sizeHint > 0)) return 18;
  return Math.min(18, Math.max(16, Math.ceil(Math.log2(sizeHint))));
}

/** The Brotli settings of an answer of `sizeHint` bytes (0: unknown); the bench's bare proxy uses them too. */
export function brotliParams(sizeHint: number): Record<number, number> {
  return {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(sizeHint),
    ...(sizeHint > 0 ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
  };
}

function compressorFor(encoding: Encoding, sizeHint: number): BrotliCompress | Gzip {
  if (encoding === 'gzip') return createGzip({ level: GZIP_LEVEL });
  return createBrotliCompress({ params: brotliParams(sizeHint) });
}

function addVary(headers: HeaderList): void {
  const vary = joinedValue(headers, 'vary');
  if (vary === undefined || vary === '') setValue(headers, 'vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary))
    setValue(headers, 'vary', `${vary}, Accept-Encoding`);
}

function weakenEtag(headers: HeaderList): void {
  const etag = valueOf(headers, 'etag');
  if (etag !== undefined && !etag.startsWith('W/')) setValue(headers, 'etag', `W/${etag}`);
}
