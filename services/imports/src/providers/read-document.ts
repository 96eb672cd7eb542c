// One document → its reservations, by what the bytes are (not the file name): a zip
// is a pass, BEGIN:VCALENDAR a calendar, mail headers an email, JSON a JSON-LD file,
// markup HTML, the rest text. Runs inside the parser worker (parse-worker.ts); each
// method's library is loaded only for its own kind of document (a worker starts cold).
import { DocumentProblem, IMPORT_LIMITS, parseJsonLimited } from '../domain/limits';
import { reservationsOf, schemaObjectsOf, type Reservation } from '../domain/reservation';
import { localeOfText, reservationsInText } from './text';

export type DocumentKind = 'pkpass' | 'ical' | 'email' | 'json' | 'html' | 'pdf' | 'text';

export function kindOfDocument(bytes: Buffer): DocumentKind {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'pkpass';
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (head.startsWith('%PDF')) return 'pdf';
  if (/^\s*BEGIN:VCALENDAR/i.test(head)) return 'ical';
  if (/^\s*[[{]/.test(head)) return 'json';
  if (
    /^(?:[\w-]+:[^\n]*\r?\n(?:[ \t][^\n]*\r?\n)*)+/.test(head) &&
    /^(?:from|mime-version|content-type|received|subject|date):/im.test(head)
  )
    return 'email';
  if (/<\s*(html|head|body|div|script|span|table|p)\b/i.test(head)) return 'html';
  return 'text';
}

/**
 * Loads what reading these bytes will need (pdf.js for a PDF, or for an email that
 * carries one), so the parser worker can start a document's time limit after the
 * library's load, which costs the same whatever the document.
 */
export async function loadReaderFor(bytes: Buffer): Promise<void> {
  const kind = kindOfDocument(bytes);
  const pdfInside =
    kind === 'email' && /application\/pdf|\.pdf\b/i.test(bytes.subarray(0, IMPORT_LIMITS.fileBytes).toString('latin1'));
  if (kind === 'pdf' || pdfInside) (await import('./pdf')).loadPdfJs();
}

/** A reader's own failure on a malformed document (not a limit) is a problem with that document too. */
export async function readDocument(bytes: Buffer, file: string, depth = 0): Promise<Reservation[]> {
  try {
    return await readByKind(bytes, file, depth);
  } catch (error) {
    if (error instanceof DocumentProblem) throw error;
    throw new DocumentProblem('It cannot be read as a booking confirmation.');
  }
}

async function readByKind(bytes: Buffer, file: string, depth: number): Promise<Reservation[]> {
  if (bytes.length > IMPORT_LIMITS.fileBytes)
    throw new DocumentProblem(`It is over ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB.`);
  const kind = kindOfDocument(bytes);
  switch (kind) {
    case 'pkpass':
      return (await import('./pkpass')).reservationsInPass(bytes, file);
    case 'ical':
      return (await import('./ical')).reservationsInCalendar(bytes.toString('utf8'), file);
    case 'json':
      return reservationsOf(schemaObjectsOf(parseJsonLimited(bytes.toString('utf8'))), { file, method: 'json-ld' });
    case 'html':
      return (await import('./html')).reservationsInHtml(bytes.toString('utf8'), file);
    case 'pdf':
      return (await import('./pdf')).reservationsInPdf(bytes, file);
    case 'email': {
      if (depth > 0) throw new DocumentProblem('An email inside an email is not opened.');
      const mail = await (await import('./email')).reservationsInEmail(bytes, file, readDocument);
      if (mail.reservations.length) return mail.reservations;
      return reservationsInText(mail.text, file, localeOfText(mail.text));
    }
    default: {
      const text = bytes.toString('utf8');
      return reservationsInText(text, file, localeOfText(text));
    }
  }
}
