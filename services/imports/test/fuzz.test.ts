// A fuzzer with a fixed budget and seed: mangled HTML, MIME, ZIP (PKPass), PDF and ICS.
// In process, every reading ends in reservations or a DocumentProblem, never another
// error, within the time limit; PDFs, whose pdf.js runs only in the parser worker, are
// read there; through HTTP, a mangled upload of every kind is a 201 with problems or a
// 4xx, never a 5xx or a hang.
import fc from 'fast-check';
import { DocumentProblem, IMPORT_LIMITS } from '../src/domain/limits';
import { isolatedReader } from '../src/providers/isolated-reader';
import { readDocument } from '../src/providers/read-document';
import { fixture, pkpass } from './support/fixtures';
import { pdfFixture } from './support/pdfs';
import { bootImports, caller, upload } from './support/service';

const SEEDS: Array<[string, Buffer]> = [
  ['html', fixture('hotel-jsonld.html')],
  ['microdata', fixture('flight-microdata.html')],
  ['mime', fixture('booking.eml')],
  ['zip', pkpass()],
  ['ics', fixture('train-and-event.ics')],
  ['json', fixture('car-rental.json')],
];

/** A seed document changed by flipping, cutting, repeating and inserting bytes. */
const mangledFrom = (seeds: Array<[string, Buffer]>) =>
  fc
    .tuple(
      fc.constantFrom(...seeds),
      fc.array(
        fc.tuple(
          fc.nat(),
          fc.constantFrom('flip', 'cut', 'repeat', 'insert'),
          fc.uint8Array({ minLength: 1, maxLength: 16 }),
        ),
        { minLength: 1, maxLength: 6 },
      ),
    )
    .map(([[kind, seed], edits]) => {
      let bytes = Buffer.from(seed);
      for (const [at, edit, extra] of edits) {
        const i = at % Math.max(bytes.length, 1);
        if (edit === 'flip') bytes[i] ^= extra[0] || 1;
        else if (edit === 'cut') bytes = bytes.subarray(0, i);
        else if (edit === 'repeat')
          bytes = Buffer.concat(
            [
              bytes.subarray(0, i),
              bytes
                .subarray(i, i + 64)
                .toString('latin1')
                .repeat(8) as unknown as Buffer,
              bytes.subarray(i),
            ].map((b) => Buffer.from(b as Buffer)),
          );
        else bytes = Buffer.concat([bytes.subarray(0, i), Buffer.from(extra), bytes.subarray(i)]);
      }
      return { kind, bytes };
    });

const mangled = mangledFrom(SEEDS);
let pdfSeeds: Array<[string, Buffer]>;
beforeAll(async () => {
  pdfSeeds = [
    ['pdf', await pdfFixture('booking-com.txt')],
    ['pdf', await pdfFixture('car-rental.txt', { linesPerPage: 3 })],
  ];
});

describe('fuzzing the readers', () => {
  it('when 200 mangled documents are read, then each yields reservations or a problem, in time', async () => {
    await fc.assert(
      fc.asyncProperty(mangled, async ({ kind, bytes }) => {
        const started = Date.now();
        try {
          const found = await readDocument(bytes, `fuzz.${kind}`);
          expect(Array.isArray(found)).toBe(true);
        } catch (error) {
          if (!(error instanceof DocumentProblem)) throw error;
        }
        expect(Date.now() - started).toBeLessThan(IMPORT_LIMITS.parseMs);
      }),
      { numRuns: 200, seed: 43 },
    );
  });

  it('when 24 mangled PDFs are read in the parser worker, then each yields reservations or a problem', async () => {
    const read = isolatedReader({ workers: 1 });
    let problems = 0;
    await fc.assert(
      fc.asyncProperty(mangledFrom(pdfSeeds), async ({ bytes }) => {
        const reading = await read('fuzz.pdf', bytes);
        if ('problem' in reading) {
          expect(typeof reading.problem).toBe('string');
          problems++;
        } else expect(Array.isArray(reading.reservations)).toBe(true);
      }),
      { numRuns: 24, seed: 4380 },
    );
    // The mangling does break documents: not every one was read as if nothing happened.
    expect(problems).toBeGreaterThan(0);
    // A worker with pdf.js each (0.5–1.5 s on busy cores): more than the default 20 s, never a hang.
  }, 120_000);

  it('when mangled documents are uploaded, then the answer is 201 with problems or a 4xx, never a 5xx', async () => {
    const running = await bootImports();
    try {
      const samples = [
        ...fc.sample(mangled, { numRuns: 7, seed: 4343 }),
        ...fc.sample(mangledFrom(pdfSeeds), { numRuns: 3, seed: 4343 }),
      ];
      const files = samples.map(({ kind, bytes }, i) => [`fuzz-${i}.${kind}`, bytes] as [string, Buffer]);
      const res = await fetch(`${running.url}/api/imports`, {
        method: 'POST',
        headers: { authorization: caller().authorization },
        body: upload(files),
      });
      expect(res.status).toBe(201);
      const draft = await res.json();
      expect(
        draft.problems.length +
          new Set(draft.reservations.map((r: { source: { file: string } }) => r.source.file)).size,
      ).toBe(10);
    } finally {
      await running.service.stop();
    }
  });
});
