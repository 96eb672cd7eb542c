// Calls to third-party APIs: one deadline per call (retry included), one retry with
// jitter for idempotent GETs that failed on the network or with a 5xx, bodies read
// with a size cap, and every failure turned into the clean answer the user sees:
// 502 (bad answer), 503 (not configured / refused), 504 (no answer in time).
import { AppError, type Logger } from '@tripcost/shared';
import { badAnswer, timedOut, unavailable } from '../domain/ports';

export { badAnswer, timedOut, unavailable };

export interface UpstreamCall {
  /** What the user is told failed, e.g. 'weather service'. */
  service: string;
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  timeoutMs: number;
  /** Bodies larger than this are a bad answer. */
  maxBytes?: number;
}

export interface UpstreamResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
const RETRY_DELAY_MS = { min: 50, max: 200 };

export interface Upstream {
  /** Any answer below 500 is returned (the caller decides what a 404 means); 5xx and network failures throw. */
  call(request: UpstreamCall): Promise<UpstreamResponse>;
  json(request: UpstreamCall): Promise<{ status: number; body: unknown }>;
}

export function createUpstream(logger: Logger): Upstream {
  const call = async (request: UpstreamCall): Promise<UpstreamResponse> => {
    const method = request.method ?? 'GET';
    const deadline = AbortSignal.timeout(request.timeoutMs);
    // Never log the query string: OpenWeatherMap takes its key there.
    const target = { service: request.service, host: request.url.host, path: request.url.pathname, method };
    const attempts = method === 'GET' ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(request.url, {
          method,
          headers: {
            accept: 'application/json',
            ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
            ...request.headers,
          },
          body: request.json === undefined ? undefined : JSON.stringify(request.json),
          signal: deadline,
        });
        if (response.status >= 500) {
          await response.body?.cancel().catch(() => undefined);
          throw new RetryableFailure(`upstream answered ${response.status}`);
        }
        const body = await readCapped(response, request.maxBytes ?? DEFAULT_MAX_BYTES);
        if (body === undefined) {
          logger.warn({ ...target, status: response.status }, 'upstream answer too large');
          throw badAnswer(request.service);
        }
        if (response.status === 401 || response.status === 403) {
          logger.error(
            { ...target, status: response.status },
            'upstream refused our key; check the provider configuration',
          );
          throw unavailable(request.service);
        }
        if (response.status === 429) {
          logger.warn({ ...target, status: response.status }, 'upstream rate limit reached');
          throw unavailable(request.service);
        }
        return { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (deadline.aborted) {
          logger.warn({ ...target, timeoutMs: request.timeoutMs, attempt }, 'upstream timed out');
          throw timedOut(request.service);
        }
        if (attempt >= attempts) {
          logger.warn({ ...target, err: error, attempt }, 'upstream failed');
          throw error instanceof RetryableFailure ? badAnswer(request.service) : unavailable(request.service);
        }
        logger.info({ ...target, reason: (error as Error).message, attempt }, 'upstream failed; retrying once');
        await sleep(RETRY_DELAY_MS.min + Math.random() * (RETRY_DELAY_MS.max - RETRY_DELAY_MS.min), deadline).catch(
          () => {
            throw timedOut(request.service);
          },
        );
      }
    }
  };

  return {
    call,
    async json(request) {
      const response = await call(request);
      try {
        return { status: response.status, body: JSON.parse(response.body.toString('utf8')) as unknown };
      } catch {
        logger.warn(
          { service: request.service, host: request.url.host, path: request.url.pathname },
          'upstream sent invalid JSON',
        );
        throw badAnswer(request.service);
      }
    },
  };
}

class RetryableFailure extends Error {}

/** The whole body, or undefined once it passes `maxBytes` (the rest is not read). */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
