// PDF confirmations made for the tests with pdf-lib: the text fixtures laid out as a
// confirmation is (labels in one column, values in another, over pages when asked), so
// the PDF reader has to put each label and its value back on one line.
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { fixture } from './fixtures';

export interface PdfOptions {
  /** Lines per page (a long confirmation continues on the next page). */
  linesPerPage?: number;
  /** A link (URI action) on the first page, to a URL the reader must never call. */
  link?: string;
  /** Draw nothing as text (a scanned confirmation). */
  noText?: boolean;
}

/** A PDF of `lines`; "Label: value" lines are drawn as two columns. */
export async function pdfOf(lines: string[], options: PdfOptions = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const perPage = options.linesPerPage ?? 40;
  for (let first = 0; first < lines.length; first += perPage) {
    const page = doc.addPage([595, 842]);
    lines.slice(first, first + perPage).forEach((line, i) => {
      const y = 780 - i * 22;
      if (options.noText) return page.drawRectangle({ x: 50, y, width: 300, height: 12 });
      const split = /^([^:]{1,40}):\s+(.*)$/.exec(line);
      if (!split) return page.drawText(line, { x: 50, y, size: 12, font });
      page.drawText(`${split[1]}:`, { x: 50, y, size: 11, font });
      page.drawText(split[2], { x: 220, y, size: 11, font });
    });
  }
  if (options.link) {
    const annotation = doc.context.register(
      doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [50, 50, 300, 70],
        Border: [0, 0, 0],
        A: { Type: 'Action', S: 'URI', URI: PDFString.of(options.link) },
      }),
    );
    doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([annotation]));
    doc.setSubject(options.link);
  }
  return Buffer.from(await doc.save());
}

/** A text fixture (test/fixtures/text) as a PDF confirmation. */
export async function pdfFixture(name: string, options: PdfOptions = {}): Promise<Buffer> {
  return pdfOf(fixture(`text/${name}`).toString('utf8').trim().split('\n'), options);
}
