// The import routes of docs/product.md ("Import bookings"): upload or paste → a draft
// for its owner, read it back. Parse, one domain call, reply.
import { z } from 'zod';
import type { RequestHandler } from 'express';
import {
  AppError,
  defineRoute,
  describeRoutes,
  objectIdSchema,
  userOf,
  type RateLimiter,
  type RouteContext,
} from '@tripcost/shared';
import { IMPORT_LIMITS } from '../domain/limits';
import type { Imports } from '../domain/imports';
import { readUploads, UPLOADS, type WithUploads } from './uploads';
import { draftAnswer } from './answers';
import { applyRoutes } from './apply-routes';

const draftParams = z.object({ draftId: objectIdSchema('import id') });
const pastedBody = z
  .object({
    text: z
      .string({ message: 'Send the files as multipart/form-data (field files), or the text as { text }.' })
      .min(1, { message: 'The pasted text is empty.' })
      .max(IMPORT_LIMITS.fileBytes, { message: 'The pasted text is over 5 MB.' }),
  })
  .partial();

/** 10 imports per user per minute (429 {msg}), counted in Redis across replicas. */
function perUserLimit(limiter: RateLimiter | undefined): RequestHandler {
  return (req, res, next) => {
    if (!limiter) return next();
    limiter.consume(userOf(req).id).then(({ allowed, resetMs }) => {
      if (allowed) return next();
      res.setHeader('retry-after', String(Math.ceil((resetMs ?? 60_000) / 1000)));
      next(
        new AppError(
          429,
          `At most ${IMPORT_LIMITS.importsPerMinute} imports a minute: try again in a minute.`,
          'rate_limited',
        ),
      );
    }, next);
  };
}

export function importRoutes(imports: Imports, limiter?: RateLimiter) {
  return (ctx: RouteContext) => {
    const tags = ['imports'];
    defineRoute(ctx, {
      method: 'post',
      path: '/api/imports',
      summary:
        'Read booking confirmations (multipart `files`: .eml, .html, .ics, .pkpass, .json, .pdf, text; or JSON { text }) into a draft kept 24 h for the caller',
      tags,
      auth: 'required',
      before: [perUserLimit(limiter), readUploads()],
      body: pastedBody,
      responses: {
        201: {
          description: 'The draft: reservations found, and a problem per document not understood',
          schema: draftAnswer,
        },
        400: 'Neither files nor text',
        413: 'More than 10 files',
        429: 'More than 10 imports in a minute',
        503: 'Drafts cannot be kept right now (Redis unavailable): nothing was kept',
      },
      handler: async ({ user, body, req }) => {
        const uploads = (req as WithUploads)[UPLOADS];
        const documents =
          uploads ?? (body.text ? [{ file: 'pasted text', bytes: Buffer.from(body.text, 'utf8') }] : []);
        if (documents.length === 0)
          throw new AppError(400, 'Send the files as multipart/form-data (field files), or the text as { text }.');
        const draft = await imports.importDocuments(user.id, documents);
        return { status: 201, body: draftReply(draft) };
      },
    });

    defineRoute(ctx, {
      method: 'get',
      path: '/api/imports',
      summary: "The caller's import drafts still kept (24 h each), newest first (the account export reads them)",
      tags,
      auth: 'required',
      responses: {
        200: { description: 'The drafts', schema: z.array(draftAnswer) },
        503: 'Drafts cannot be read right now (Redis unavailable)',
      },
      handler: async ({ user }) => ({
        body: (await imports.draftsOf(user.id))
          .sort((a, b) => b.created_at.localeCompare(a.created_at))
          .map(draftReply),
      }),
    });

    defineRoute(ctx, {
      method: 'get',
      path: '/api/imports/:draftId',
      summary: 'A draft import (its owner only, for 24 h)',
      tags,
      auth: 'required',
      params: draftParams,
      responses: {
        200: { description: 'The draft', schema: draftAnswer },
        403: 'Not the caller’s import',
        404: 'No such import (or older than 24 h)',
        503: 'Drafts cannot be read right now (Redis unavailable)',
      },
      handler: async ({ user, params }) => ({ body: draftReply(await imports.draftOf(user.id, params.draftId)) }),
    });

    applyRoutes(ctx, imports);
  };
}

const draftReply = ({ _id, reservations, problems, expires_at }: Awaited<ReturnType<Imports['draftOf']>>) => ({
  _id,
  reservations,
  problems,
  expires_at,
});

/** This service's OpenAPI document from the route declarations alone (no store, no server). */
export const apiDocument = (): object => describeRoutes('imports', importRoutes({} as Imports));
