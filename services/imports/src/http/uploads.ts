// Reads a multipart upload (field `files`) with busboy, after the token check and the
// rate limit: at most IMPORT_LIMITS.filesPerRequest files of IMPORT_LIMITS.fileBytes
// each. A file over the size is cut off and reported as a problem; one file too many
// is a 413 for the request.
import busboy from 'busboy';
import type { RequestHandler } from 'express';
import { AppError } from '@tripcost/shared';
import { IMPORT_LIMITS } from '../domain/limits';
import type { UploadedDocument } from '../domain/imports';

export const UPLOADS = Symbol('uploads');
export type WithUploads = { [UPLOADS]?: UploadedDocument[] };

export function readUploads(): RequestHandler {
  return (req, _res, next) => {
    if (!req.is('multipart/form-data')) return next();
    let reader: busboy.Busboy;
    try {
      reader = busboy({
        headers: req.headers,
        limits: { fileSize: IMPORT_LIMITS.fileBytes, files: IMPORT_LIMITS.filesPerRequest, fields: 10, parts: 20 },
      });
    } catch {
      return next(new AppError(400, 'The upload cannot be read: send the files as multipart/form-data.'));
    }
    const documents: UploadedDocument[] = [];
    let refused: AppError | undefined;
    reader.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      const name = (info.filename || 'document').slice(0, 200);
      if (field !== 'files') {
        refused ??= new AppError(400, 'Send each document in the field `files`.');
        stream.resume();
        return;
      }
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const truncated = (stream as unknown as { truncated?: boolean }).truncated;
        documents.push({
          file: name,
          bytes: truncated ? new Uint8Array() : Buffer.concat(chunks),
          ...(truncated
            ? { problem: `It is over ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB, the most one file may be.` }
            : {}),
        });
      });
    });
    reader.on('filesLimit', () => {
      refused ??= new AppError(413, `Send at most ${IMPORT_LIMITS.filesPerRequest} files at once.`, 'too_many_files');
    });
    reader.on('error', () => {
      refused ??= new AppError(400, 'The upload cannot be read: send the files as multipart/form-data.');
      req.unpipe(reader);
      req.resume();
      next(refused);
    });
    reader.on('close', () => {
      if (refused) return next(refused);
      (req as WithUploads)[UPLOADS] = documents;
      req.body = {};
      next();
    });
    req.pipe(reader);
  };
}
