// PDF confirmations (a hotel, a flight, a car rental), made here with pdf-lib, read as
// the service reads them: in a parser worker (the built pdf.js reader), their text laid
// out again as lines and read by the text patterns; amounts with the document's own
// decimal mark; a PDF attached to an email too. The 2 s limit holds for the reading
// itself, and a PDF it cannot read is a problem for that file.
import { amountsRead } from '../src/domain/imports';
import { isolatedReader } from '../src/providers/isolated-reader';
import { pdfFixture, pdfOf } from './support/pdfs';

const read = isolatedReader({ workers: 1 });
const reservationsOf = async (file: string, bytes: Buffer) => {
  const reading = await read(file, bytes);
  if ('problem' in reading) throw new Error(`${file}: ${reading.problem}`);
  return reading.reservations.map(amountsRead);
};

describe('PDF confirmations', () => {
  it.each([
    [
      'booking-com.txt',
      {
        kind: 'lodging',
        provider: 'Booking.com',
        name: 'Casa Fixture Porto',
        start: '2027-06-17',
        end: '2027-06-20',
        amount: 1234.5,
        currency: 'EUR',
        confirmation: '4012.938.221',
      },
    ],
    [
      'airline.txt',
      {
        kind: 'flight',
        provider: 'Fixture Air',
        start: '2027-06-10',
        end: '2027-06-10',
        amount: 389,
        currency: 'USD',
        confirmation: 'QX7K2P',
      },
    ],
    [
      'car-rental.txt',
      {
        kind: 'car',
        name: 'Compact (VW Golf or similar)',
        start: '2027-06-10',
        end: '2027-06-13',
        amount: 155.2,
        currency: 'EUR',
        confirmation: 'CR99812',
      },
    ],
  ])(
    'when %s comes as a PDF with labels and values in two columns, then its booking is read',
    async (name, expected) => {
      const file = name.replace('.txt', '.pdf');
      const [found, ...rest] = await reservationsOf(file, await pdfFixture(name));
      expect(rest).toEqual([]);
      expect(found).toMatchObject({ ...expected, source: { file, method: 'pdf' } });
    },
  );

  it('when a confirmation runs over several pages, then its dates and total on later pages are read', async () => {
    const [stay] = await reservationsOf('stay.pdf', await pdfFixture('booking-com.txt', { linesPerPage: 3 }));
    expect(stay).toMatchObject({ start: '2027-06-17', end: '2027-06-20', amount: 1234.5, currency: 'EUR' });
  });

  it('when an email carries the PDF as an attachment, then its booking is read from the PDF', async () => {
    const pdf = (await pdfFixture('car-rental.txt')).toString('base64').replace(/.{76}/g, '$&\r\n');
    const eml = [
      'From: rentals@example.test',
      'Subject: Your car rental',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Your confirmation is attached.',
      '--b',
      'Content-Type: application/pdf; name=confirmation.pdf',
      'Content-Disposition: attachment; filename=confirmation.pdf',
      'Content-Transfer-Encoding: base64',
      '',
      pdf,
      '--b--',
      '',
    ].join('\r\n');
    const [car, ...rest] = await reservationsOf('rental.eml', Buffer.from(eml));
    expect(rest).toEqual([]);
    expect(car).toMatchObject({
      kind: 'car',
      amount: 155.2,
      confirmation: 'CR99812',
      source: { file: 'rental.eml › confirmation.pdf', method: 'pdf' },
    });
  });

  it('when reading a PDF takes longer than the time limit, then its worker is ended and it is a problem', async () => {
    // The limit starts once pdf.js is loaded: it is the reading's own.
    expect(await isolatedReader({ timeoutMs: 1 })('slow.pdf', await pdfFixture('airline.txt'))).toEqual({
      problem: 'It took longer than 0.001 s to read.',
    });
  });

  it('when a PDF holds no text, no booking, or is not a PDF inside, then each is a problem that says so', async () => {
    expect(await read('scan.pdf', await pdfFixture('airline.txt', { noText: true }))).toEqual({
      problem: 'The PDF holds no text (a scan or an image): paste the confirmation’s text instead.',
    });
    expect(await read('letter.pdf', await pdfOf(['Dear Ada,', 'see you in June!']))).toEqual({ reservations: [] });
    expect(await read('fake.pdf', Buffer.from('%PDF-1.7\nnothing else'))).toEqual({
      problem: 'It is not a PDF that can be read.',
    });
    const whole = await pdfFixture('airline.txt');
    expect(await read('cut.pdf', whole.subarray(0, Math.floor(whole.length / 3)))).toHaveProperty('problem');
  });
});
