// Reads each document in a worker thread of its own (parse-worker.ts) with a wall-clock
// limit and a V8 heap limit: a document that hangs or swells its parser is ended with
// its worker and reported as a problem, never a 5xx or a stuck request. The worker runs
// the built JavaScript (dist/providers/parse-worker.js), also when tests load this file
// from source: a worker thread cannot load TypeScript.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS } from '../domain/limits';
import type { DocumentReader, DocumentReading } from '../domain/imports';

function workerScript(): string {
  const beside = join(__dirname, 'parse-worker.js');
  if (existsSync(beside)) return beside;
  const built = join(__dirname, '..', '..', 'dist', 'providers', 'parse-worker.js');
  if (existsSync(built)) return built;
  throw new Error(`The parser worker is not built (${built}): run npx tsc -b tsconfig.build.json`);
}

export function isolatedReader(options: { timeoutMs?: number; heapMb?: number } = {}): DocumentReader {
  const timeoutMs = options.timeoutMs ?? IMPORT_LIMITS.parseMs;
  const heapMb = options.heapMb ?? IMPORT_LIMITS.workerHeapMb;
  const script = workerScript();
  return (file, bytes) =>
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
      const timer = setTimeout(
        () => settle({ problem: `It took longer than ${timeoutMs / 1000} s to read.` }),
        timeoutMs,
      );
      worker.once('message', (message: DocumentReading) => settle(message));
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
}
