// Reservations in a PDF confirmation: its text, read with pdf.js (pdfjs-dist's legacy
// build, the one made for Node), laid out again as lines, then read by the text
// patterns (text.ts) as pasted text is. Runs in the parser worker only: pdf.js is an ES
// module loaded through require (Node ≥ 20.19), with its own "worker" run in this same
// thread, no font faces, no eval, nothing rendered (pdf.js still loads @napi-rs/canvas on
// Node for the DOMMatrix it needs), and its font and character-map data read from the
// package on disk: it never asks for a URL.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DocumentProblem, IMPORT_LIMITS } from '../domain/limits';
import type { Reservation } from '../domain/reservation';
import { localeOfText, reservationsInText } from './text';

/** What this reader uses of pdf.js (its own types are ES-module only). */
interface TextItem {
  str: string;
  transform: number[];
  width: number;
  hasEOL?: boolean;
}
interface PdfPage {
  getTextContent(): Promise<{ items: Array<TextItem | { type: string }> }>;
  cleanup(): void;
}
interface PdfDocument {
  numPages: number;
  getPage(n: number): Promise<PdfPage>;
}
interface PdfJs {
  getDocument(options: Record<string, unknown>): { promise: Promise<PdfDocument>; destroy(): Promise<void> };
}

let loaded: PdfJs | undefined;
// pdf.js is ES modules only: Node's require loads them (≥ 20.19) where this CommonJS build's import() would not.
const requireModule = createRequire(__filename);

/**
 * Loads pdf.js and its in-thread worker once per parser worker. The parse worker calls it
 * before a PDF's time limit starts (parse-worker.ts): loading costs the same whatever
 * the document, and hundreds of milliseconds on a busy machine.
 */
export function loadPdfJs(): PdfJs {
  if (loaded) return loaded;
  // pdf.js looks for its worker's handler here before it would import a worker script itself.
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = requireModule('pdfjs-dist/legacy/build/pdf.worker.min.mjs');
  loaded = requireModule('pdfjs-dist/legacy/build/pdf.min.mjs') as PdfJs;
  return loaded;
}

const packageDir = () => dirname(requireModule.resolve('pdfjs-dist/package.json'));

/** One page's text as lines, top to bottom, each line's pieces left to right (a label and its value share a line). */
function linesOf(items: TextItem[]): string[] {
  const rows: Array<{ y: number; size: number; pieces: TextItem[] }> = [];
  for (const item of items) {
    if (!item.str) continue;
    const y = item.transform[5];
    const size = Math.hypot(item.transform[2], item.transform[3]) || 10;
    const row = rows.find((r) => Math.abs(r.y - y) <= Math.max(2, 0.4 * Math.min(r.size, size)));
    if (row) row.pieces.push(item);
    else rows.push({ y, size, pieces: [item] });
  }
  return rows
    .sort((a, b) => b.y - a.y)
    .map((row) => {
      const pieces = row.pieces.sort((a, b) => a.transform[4] - b.transform[4]);
      let text = '';
      let end = -Infinity;
      for (const piece of pieces) {
        // A gap wider than a fifth of the font's size is a space between words, not kerning.
        const gap = piece.transform[4] - end;
        if (text && gap > row.size * 0.2 && !/\s$/.test(text)) text += ' ';
        text += piece.str;
        end = piece.transform[4] + piece.width;
      }
      return text.replace(/\s+/g, ' ').trim();
    })
    .filter(Boolean);
}

/** The text of a PDF's first pages (IMPORT_LIMITS.pdfPages), as lines. */
export async function textOfPdf(bytes: Uint8Array): Promise<string> {
  const pdfjs = loadPdfJs();
  const dir = packageDir();
  const task = pdfjs.getDocument({
    // A copy: pdf.js transfers the buffer it is given.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    verbosity: 0,
    // Files on disk, read with fs by pdf.js's Node factories: fonts that the PDF does not embed, and CJK character maps.
    standardFontDataUrl: join(dir, 'standard_fonts') + '/',
    cMapUrl: join(dir, 'cmaps') + '/',
    cMapPacked: true,
  });
  let pdf: PdfDocument;
  try {
    pdf = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if ((error as { name?: string })?.name === 'PasswordException')
      throw new DocumentProblem('The PDF is protected by a password: open it and paste its text instead.');
    throw new DocumentProblem('It is not a PDF that can be read.');
  }
  try {
    const lines: string[] = [];
    let chars = 0;
    for (let n = 1; n <= Math.min(pdf.numPages, IMPORT_LIMITS.pdfPages); n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      page.cleanup();
      for (const line of linesOf(content.items.filter((item): item is TextItem => 'str' in item))) {
        lines.push(line);
        chars += line.length + 1;
      }
      if (chars > IMPORT_LIMITS.pdfTextChars) break;
    }
    return lines.join('\n').slice(0, IMPORT_LIMITS.pdfTextChars);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/** A PDF's reservations: its text read by the text patterns, each said to come from the PDF. */
export async function reservationsInPdf(bytes: Uint8Array, file: string): Promise<Reservation[]> {
  const text = await textOfPdf(bytes);
  if (!text.trim())
    throw new DocumentProblem('The PDF holds no text (a scan or an image): paste the confirmation’s text instead.');
  return reservationsInText(text, file, localeOfText(text)).map((found) => ({
    ...found,
    source: { file, method: 'pdf' },
  }));
}
