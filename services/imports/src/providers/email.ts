// Reservations in an email (.eml), read with mailparser: its HTML body (JSON-LD or
// microdata, as booking mails carry them) and its attachments (calendar files,
// passes, HTML), each read as a document of its own. Quoted-printable and base64
// are mailparser's; the part count is ours to limit.
import { simpleParser } from 'mailparser';
import { DocumentProblem, IMPORT_LIMITS } from '../domain/limits';
import type { Reservation } from '../domain/reservation';
import { reservationsInHtml, textOfHtml } from './html';

type Reader = (bytes: Buffer, file: string, depth: number) => Promise<Reservation[]>;

export async function reservationsInEmail(
  bytes: Buffer,
  file: string,
  readAttachment: Reader,
): Promise<{ reservations: Reservation[]; text: string }> {
  // Part separators ("--boundary", not the closing "--boundary--"), counted before mailparser builds the tree.
  const parts = (bytes.toString('latin1').match(/^--[^\r\n]*?(?<!--)\r?$/gm) ?? []).length;
  if (parts > IMPORT_LIMITS.mimeParts)
    throw new DocumentProblem(`The email has more than ${IMPORT_LIMITS.mimeParts} parts.`);
  let mail: Awaited<ReturnType<typeof simpleParser>>;
  try {
    // No link following, no image fetching: mailparser only decodes what is in the message.
    mail = await simpleParser(bytes, {
      // Its HTML-to-text conversion took seconds on a large mail; the text is ours to make, and only when needed.
      skipHtmlToText: true,
      skipImageLinks: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: IMPORT_LIMITS.fileBytes,
    });
  } catch {
    throw new DocumentProblem('It is not an email that can be read.');
  }
  const reservations: Reservation[] = [];
  if (typeof mail.html === 'string') reservations.push(...reservationsInHtml(mail.html, file));
  for (const attachment of (mail.attachments ?? []).slice(0, IMPORT_LIMITS.mimeParts)) {
    const name = `${file} › ${attachment.filename ?? attachment.contentType}`;
    try {
      reservations.push(...(await readAttachment(attachment.content, name, 1)));
    } catch {
      // An attachment it cannot read does not hide the rest of the mail.
    }
  }
  if (reservations.length) return { reservations, text: '' };
  const text = [mail.subject ?? '', mail.text ?? (typeof mail.html === 'string' ? textOfHtml(mail.html) : '')].join(
    '\n',
  );
  return { reservations, text };
}
