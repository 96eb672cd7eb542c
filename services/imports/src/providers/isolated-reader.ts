// Reads each document in a worker thread of its own (parse-worker.ts) with a wall-clock
// limit and a V8 heap limit: a document that hangs or swells its parser is ended with
// its worker and reported as a problem, never a 5xx or a stuck request. The worker runs
// the built JavaScript (dist/providers/parse-worker.js), also when tests load this file
// from source: a worker thread cannot load TypeScript.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS } from '../domain/limits';
import type { DocumentReader, DocumentReading } from '../domain/imports';

/**
 * How long a worker thread may take to start and load the document's reader (pdf.js
 * takes the longest) before its document's own limit begins: the load is the same for
 * every document of a kind, so a document cannot stretch it.
 */
const BOOT_MS = 5000;

function workerScript(): string {
  const beside = join(__dirname, 'parse-worker.js');
  if (existsSync(beside)) return beside;
  const built = join(__dirname, '..', '..', 'dist', 'providers', 'parse-worker.js');
  if (existsSync(built)) return built;
  throw new Error(`The parser worker is not built (${built}): run npx tsc -b tsconfig.build.json`);
}

/**
 * At most `workers` documents are read at once in this process (default: one per core),
 * whatever the number of requests: ten uploads in flight queue for the same few workers,
 * so memory is bounded by the workers' heap limits, not by the number of requests.
 */
export function isolatedReader(
  options: { timeoutMs?: number; heapMb?: number; workers?: number } = {},
): DocumentReader {
  const timeoutMs = options.timeoutMs ?? IMPORT_LIMITS.parseMs;
  const heapMb = options.heapMb ?? IMPORT_LIMITS.workerHeapMb;
  const script = workerScript();
  const slots = options.workers ?? Math.max(1, availableParallelism());
  let busy = 0;
  const waiting: Array<() => void> = [];
  const acquire = () =>
    busy < slots ? (busy++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };
  const readOne = (file: string, bytes: Uint8Array) =>
    new Promise<DocumentReading>((resolve) => {
      const worker = new Worker(script, {
        workerData: { file, bytes },
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
        env: {},
        stdout: true,
        stderr: true,
      });
      let settled = false;
      const settle = (reading: DocumentReading) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(reading);
        void worker.terminate();
      };
      const tooLong = () => settle({ problem: `It took longer than ${timeoutMs / 1000} s to read.` });
      // The limit is the document's: it starts once the worker has loaded the document's reader, not while a
      // busy machine starts the thread or loads a library (a worker that never gets there is ended after BOOT_MS).
      let timer = setTimeout(tooLong, BOOT_MS + timeoutMs);
      worker.on('message', (message: DocumentReading | { loaded: true }) => {
        if (!('loaded' in message)) return settle(message);
        clearTimeout(timer);
        timer = setTimeout(tooLong, timeoutMs);
      });
      worker.once('error', (error: Error & { code?: string }) =>
        settle({
          problem:
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? 'It needs more memory to read than a document may use.'
              : 'It cannot be read as a booking confirmation.',
        }),
      );
      worker.once('exit', () => settle({ problem: 'It cannot be read as a booking confirmation.' }));
    });
  return async (file, bytes) => {
    await acquire();
    try {
      return await readOne(file, bytes);
    } finally {
      release();
    }
  };
}
