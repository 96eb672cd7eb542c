// The parser worker: one document per worker thread (isolated-reader.ts starts it
// with a time and heap limit). Before any parser loads, every way out to the network
// is closed: a document never makes this process fetch a URL it names.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const refuse = () => {
  throw new Error('The parser has no network.');
};
net.Socket.prototype.connect = refuse as never;
net.connect = refuse as never;
net.createConnection = refuse as never;
globalThis.fetch = refuse as never;

interface Job {
  file: string;
  bytes: Uint8Array;
}

async function run({ file, bytes }: Job) {
  // Loaded after the guards above, so no parser keeps a reference to the real ones.
  const { loadReaderFor, readDocument } = await import('./read-document');
  const { DocumentProblem, IMPORT_LIMITS } = await import('../domain/limits');
  const document = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    // The method's library first; the document's own time limit starts when it is loaded (isolated-reader.ts).
    await loadReaderFor(document);
    parentPort!.postMessage({ loaded: true });
    const reservations = await readDocument(document, file);
    parentPort!.postMessage({ reservations: reservations.slice(0, IMPORT_LIMITS.reservationsPerDocument) });
  } catch (error) {
    const known = error instanceof DocumentProblem;
    parentPort!.postMessage({ problem: known ? error.message : 'It cannot be read as a booking confirmation.' });
  }
}

void run(workerData as Job);
