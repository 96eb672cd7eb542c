// The limits of issue 43, each on a document made to break it: JSON nesting, archive
// entry count, inflated size and ratio, missing pass.json, MIME part count (PDFs:
// pdf.test.ts, in the worker) — each a DocumentProblem with a message for the traveller.
import { DocumentProblem, IMPORT_LIMITS } from '../src/domain/limits';
import { readDocument } from '../src/providers/read-document';
import { pkpass, strToU8 } from './support/fixtures';

const problemOf = async (bytes: Buffer) => {
  try {
    await readDocument(bytes, 'doc');
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentProblem);
    return (error as Error).message;
  }
  throw new Error('no problem reported');
};

describe('limits of one document', () => {
  it('when JSON nests deeper than the limit, then it is refused before parsing', async () => {
    const deep = '['.repeat(IMPORT_LIMITS.jsonDepth + 1) + ']'.repeat(IMPORT_LIMITS.jsonDepth + 1);
    expect(await problemOf(Buffer.from(deep))).toBe('Its JSON nests deeper than 32 levels.');
    // Brackets inside strings are not nesting.
    expect(await readDocument(Buffer.from(JSON.stringify({ a: '['.repeat(100) })), 'doc')).toEqual([]);
  });

  it('when a pass has too many entries, an entry too large or too compressible, or no pass.json, then it is refused', async () => {
    const many = Object.fromEntries(
      Array.from({ length: IMPORT_LIMITS.archiveEntries + 1 }, (_, i) => [`f${i}`, strToU8('x')]),
    );
    expect(await problemOf(pkpass(many))).toBe('The archive holds more than 100 files.');
    const bomb = pkpass({ 'pass.json': new Uint8Array(IMPORT_LIMITS.archiveEntryBytes + 1) });
    expect(await problemOf(bomb)).toBe('pass.json is too large once unpacked.');
    const ratio = pkpass({ 'pass.json': new Uint8Array(1024 * 1024) });
    expect(await problemOf(ratio)).toBe('pass.json unpacks to over 100 times its size.');
    expect(await problemOf(pkpass({ 'other.json': strToU8('{}') }))).toBe(
      'The archive has no pass.json: it is not a Wallet pass.',
    );
    expect(await problemOf(Buffer.from('PK\u0003\u0004garbage'))).toBe('It is not a zip archive that can be read.');
  });

  it('when an email has more MIME parts than the limit, then it is refused', async () => {
    const parts = Array.from(
      { length: IMPORT_LIMITS.mimeParts + 1 },
      () => '--b\r\nContent-Type: text/plain\r\n\r\nx\r\n',
    ).join('');
    const eml = `From: a@b.example\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`;
    expect(await problemOf(Buffer.from(eml))).toBe('The email has more than 50 parts.');
  });

  it('when a document is over 5 MB or a broken calendar, then it is a problem, not a crash', async () => {
    expect(await problemOf(Buffer.alloc(IMPORT_LIMITS.fileBytes + 1, 'a'))).toBe('It is over 5 MB.');
    expect(await problemOf(Buffer.from('BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:nonsense'))).toBe(
      'It is not an iCalendar file that can be read.',
    );
  });
});
