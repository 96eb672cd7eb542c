// What one import may ask of the service (issue 43; docs/adr/0073-imports-in-isolation.md).
// Untrusted documents are read within these bounds; anything past them is a problem
// reported for that file, never a 5xx.
import { IMPORT_UPLOAD_LIMITS } from '@tripcost/shared';

export const IMPORT_LIMITS = {
  /** Bytes of one uploaded file (and of pasted text), and files in one import: the core's, which the web checks too. */
  ...IMPORT_UPLOAD_LIMITS,
  /** One document's parse, wall clock, in its worker thread. */
  parseMs: 2000,
  /** The worker's V8 heap (resourceLimits.maxOldGenerationSizeMb). */
  workerHeapMb: 96,
  /** PKPass (zip): entries, bytes of one inflated entry, and inflated/compressed ratio. */
  archiveEntries: 100,
  archiveEntryBytes: 2 * 1024 * 1024,
  archiveRatio: 100,
  /** Email: MIME parts, and attachments read as documents in turn (an attached .eml is not opened again). */
  mimeParts: 50,
  /** JSON (JSON-LD, pass.json): nesting depth, checked before parsing. */
  jsonDepth: 32,
  /** PDF: pages whose text is read, and characters of text kept (a confirmation is a page or two). */
  pdfPages: 20,
  pdfTextChars: 200_000,
  /** Reservations kept from one document. */
  reservationsPerDocument: 50,
  importsPerMinute: 10,
  /** How long a draft is kept for its owner. */
  draftSeconds: 24 * 60 * 60,
} as const;

/** The problem a document is reported with when it breaks a limit or cannot be read. */
export class DocumentProblem extends Error {}

/** Throws a DocumentProblem when a JSON text nests deeper than the limit (scanned, not parsed: a deep document never reaches JSON.parse). */
export function checkJsonDepth(jsonText: string, limit: number = IMPORT_LIMITS.jsonDepth): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < jsonText.length; i++) {
    const c = jsonText.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limit) throw new DocumentProblem(`Its JSON nests deeper than ${limit} levels.`);
    } else if (c === 125 || c === 93) depth--;
  }
}

/** JSON.parse after the depth check; a DocumentProblem when it is not JSON. */
export function parseJsonLimited(jsonText: string): unknown {
  checkJsonDepth(jsonText);
  try {
    return JSON.parse(jsonText);
  } catch {
    throw new DocumentProblem('Its JSON cannot be read.');
  }
}
