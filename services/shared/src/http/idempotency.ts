// `Idempotency-Key` on creating POSTs (ADR 0038): a client that retries a create —
// after a lost answer, a restart of the gateway or the service, or a queue of changes
// replayed when a traveller is back online — never creates twice. The key is reserved
// atomically in Redis (SET NX, per user) before anything is created; the first answer
// is stored for 24 h and replayed to the same key with the same body. The same key with
// a different body is refused (422); a retry while the first is still running gets 409.
// Without the header a request runs as before. A module of its own, put in front of the
// creating routes with `before`: the kit's middleware chain is not reshaped.
//
// Each route says how it is replayed (docs/adr/0052-secrets-in-paths-and-replays.md): a
// replay first re-checks the caller's access as a new request would (someone removed
// from a trip since gets that request's 403/404, never the stored answer), and what is
// stored is the route's `forReplay` of its first answer, so a secret shown once (an
// invitation's token) never reaches Redis. `idempotentCreates` hands out the middleware
// only for such a policy, so no route can be made idempotent without saying both.
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AuthUser } from '../auth/tokens';
import { AppError, badRequest, errorBody } from '../errors';
import { DAY_MS } from '../domain';
import type { Logger } from '../logger';
import { answerThroughJson } from './route';
import type { Redis } from '../redis';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** What the OpenAPI document says of the header on each route that honours it. */
export const IDEMPOTENCY_DOC =
  ' Idempotency-Key header: the same key and body within 24 h answer the first answer again (Idempotent-Replayed: true) to a caller who may still make this request (otherwise its 403/404).';
export const IDEMPOTENCY_RESPONSES = {
  409: 'Idempotency-Key: a request with this key is still running; retry shortly',
  422: 'Idempotency-Key was used with a different request body',
} as const;

/** A reservation whose request never answered (its process died) is released after this. */
const RUNNING_MS = 60 * 1000;
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

interface Running {
  state: 'running';
  fingerprint: string;
}
interface Answered {
  state: 'done';
  fingerprint: string;
  status: number;
  body: unknown;
  etag?: string;
}

/** A replay's `recheck` for a request that makes something of the caller's own (see below). */
export const CALLERS_OWN = 'callers-own';

/**
 * The route's own part of a replay. `recheck` runs before a stored answer is replayed
 * and throws the AppError a new request would get now (403/404) when the caller has
 * lost access since (removed from the trip, demoted, the trip deleted); `CALLERS_OWN`
 * says the request makes something of the caller's own under nothing else (a trip, a
 * list), so there is no access to lose. `forReplay` is what of the first answer's body
 * is stored for replays (all of it by default): a secret shown only once is left out.
 */
export interface ReplayPolicy {
  recheck: ((req: Request) => Promise<void> | void) | typeof CALLERS_OWN;
  forReplay?: (body: unknown) => unknown;
}

/** A route's Idempotency-Key middleware, made for its replay policy. */
export type Idempotent = (policy: ReplayPolicy) => RequestHandler;

export interface IdempotencyOptions {
  redis: Redis;
  /** e.g. `<prefix>:idem:trips:`; the user id and the key's hash follow. */
  keyPrefix: string;
  logger?: Logger;
  ttlMs?: number;
  runningMs?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function refuse(res: Response, error: AppError) {
  res.status(error.status).json(errorBody(error));
}

export function idempotentCreates(options: IdempotencyOptions): Idempotent {
  const { redis, keyPrefix, logger, ttlMs = DAY_MS, runningMs = RUNNING_MS } = options;
  return (policy) => async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return next();
    if (typeof header !== 'string' || !VALID_KEY.test(header)) {
      return refuse(
        res,
        badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters.', 'bad_idempotency_key'),
      );
    }
    const user = req.user as AuthUser | undefined;
    // The routes that use this require a user; a key is never shared between users.
    const key = `${keyPrefix}${user?.id ?? 'anonymous'}:${sha256(header)}`;
    const fingerprint = sha256(JSON.stringify([req.method, req.originalUrl, req.body ?? null]));
    let reserved: string | null;
    try {
      reserved = await redis.set(
        key,
        JSON.stringify({ state: 'running', fingerprint } satisfies Running),
        'PX',
        runningMs,
        'NX',
      );
    } catch (error) {
      logger?.warn({ err: error }, 'idempotency: reservation failed');
      return refuse(
        res,
        new AppError(
          503,
          'This change cannot be checked for duplicates right now. Please try again.',
          'idempotency_unavailable',
        ),
      );
    }
    if (reserved !== 'OK') {
      return answerExisting(key, fingerprint, res, redis, logger, (record) => replay(policy, record, req, res, next));
    }

    // The first request: its answer is stored before it is sent, so a retry arriving
    // right after it always finds it.
    const json = res.json.bind(res);
    res.json = ((body: unknown) => {
      const status = res.statusCode;
      const etag = res.getHeader('etag');
      // Only what the route keeps for replays goes to Redis; the caller gets the whole answer.
      const kept = body === undefined || status >= 400 ? body : keptForReplay(policy, body);
      const stored: Answered = {
        state: 'done',
        fingerprint,
        status,
        body: kept,
        ...(etag ? { etag: String(etag) } : {}),
      };
      // A failure of ours is not an answer to keep: the client may retry with the same key.
      const settle = status >= 500 ? redis.del(key) : redis.set(key, JSON.stringify(stored), 'PX', ttlMs);
      settle
        .catch((error: unknown) => logger?.warn({ err: error }, 'idempotency: answer not stored'))
        .finally(() => json(body));
      return res;
    }) as Response['json'];
    answerThroughJson(res);
    next();
  };
}

const keptForReplay = (policy: ReplayPolicy, body: unknown) => (policy.forReplay ? policy.forReplay(body) : body);

/** The stored answer, once the route's re-check finds the caller may still make the request. */
async function replay(policy: ReplayPolicy, record: Answered, req: Request, res: Response, next: NextFunction) {
  try {
    if (policy.recheck !== CALLERS_OWN) await policy.recheck(req);
  } catch (error) {
    // The refusal a new request would get, through the error middleware ({msg}, status).
    return next(error);
  }
  res.setHeader('idempotent-replayed', 'true');
  if (record.etag) res.setHeader('etag', record.etag);
  // Applied again: an answer stored before its route kept less (within the 24 h) loses it here.
  if (record.body === undefined) res.status(record.status).end();
  else if (record.status >= 400) res.status(record.status).json(record.body);
  else res.status(record.status).json(keptForReplay(policy, record.body));
}

async function answerExisting(
  key: string,
  fingerprint: string,
  res: Response,
  redis: Redis,
  logger: Logger | undefined,
  replayAnswer: (record: Answered) => Promise<void>,
) {
  let record: Running | Answered | null = null;
  try {
    const text = await redis.get(key);
    record = text ? (JSON.parse(text) as Running | Answered) : null;
  } catch (error) {
    logger?.warn({ err: error }, 'idempotency: lookup failed');
  }
  if (!record) {
    // Released between our SET and GET (a 5xx, or expiry): the client retries.
    return refuse(
      res,
      new AppError(
        409,
        'A request with this Idempotency-Key was just in progress. Please retry.',
        'idempotency_in_progress',
      ),
    );
  }
  if (record.fingerprint !== fingerprint) {
    return refuse(
      res,
      new AppError(422, 'This Idempotency-Key was already used for a different request.', 'idempotency_key_reused'),
    );
  }
  if (record.state === 'running') {
    return refuse(
      res,
      new AppError(
        409,
        'A request with this Idempotency-Key is still being handled. Please retry shortly.',
        'idempotency_in_progress',
      ),
    );
  }
  return replayAnswer(record);
}

type Responses = Record<number, string | { description: string; schema: unknown }>;

/** A creating route's documented answers with the Idempotency-Key refusals added (merged where the status is taken). */
export function withIdempotencyResponses<R extends Responses>(responses: R): R {
  const merged: Responses = { ...responses };
  for (const [status, text] of Object.entries(IDEMPOTENCY_RESPONSES)) {
    const existing = merged[Number(status)];
    const described = typeof existing === 'string' ? existing : existing?.description;
    merged[Number(status)] = described ? `${described}; or ${text}` : text;
  }
  return merged as R;
}

const passThrough: RequestHandler = (_req, _res, next) => next();
/** Routes declared without a Redis (the OpenAPI document alone) pass every request through. */
export const notIdempotent: Idempotent = () => passThrough;
