// Imports (issue 43): documents read per CPU-second for each method, the p99 time of one
// document (each in its own worker, as the service reads them), a 5 MB email, and the
// built service's peak memory with 10 uploads in flight, and one document's time and
// memory per method (PDF beside HTML). The documents are a corpus given with
// IMPORT_CORPUS=DIR or --corpus=DIR (KItinerary's; never in the repository), else the
// service's own fixtures; PDFs (the corpus has none) are the text fixtures laid out as
// PDF confirmations with pdf-lib, as the tests make them.
// Run: npm run build && node bench/imports.mjs [--smoke] [--corpus=DIR]   (needs Redis at REDIS_URL)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { benchIdentity } from './lib/identity.mjs';
import { startNode } from './lib/processes.mjs';
import { isMain, median, ms, runAlone } from './lib/table.mjs';
import { ROOT } from '../scripts/lib/environment.mjs';

const require = createRequire(import.meta.url);
const FIXTURES = join(ROOT, 'services/imports/test/fixtures');
const TARGET_P99_MS = 2000;
const TARGET_EMAIL_MS = 2000;
const TARGET_MEMORY_MB = 512; // the chart's memory limit for imports

/** The text fixtures as PDF confirmations (labels and values in two columns), made with pdf-lib. */
async function pdfConfirmations() {
  const { PDFDocument, StandardFonts } = require('pdf-lib');
  const made = [];
  for (const name of readdirSync(join(FIXTURES, 'text')).sort()) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    readFileSync(join(FIXTURES, 'text', name), 'utf8')
      .trim()
      .split('\n')
      .forEach((line, i) => {
        const [label, ...value] = line.split(': ');
        page.drawText(value.length ? `${label}:` : line, { x: 50, y: 780 - i * 22, size: 11, font });
        if (value.length) page.drawText(value.join(': '), { x: 220, y: 780 - i * 22, size: 11, font });
      });
    made.push({ path: name.replace(/\.txt$/, '.pdf'), bytes: Buffer.from(await doc.save()) });
  }
  return made;
}

/**
 * One document read in a fresh Node process with the built reader, as a worker reads it:
 * the resident memory once its method's library is loaded, and the peak (VmHWM) over
 * the reading, in MB.
 */
function memoryOfOneDocument(bytes) {
  const script = `
    const { readFileSync } = require('node:fs');
    const reader = require(${JSON.stringify(join(ROOT, 'services/imports/dist/providers/read-document.js'))});
    const kb = (field) => Number(readFileSync('/proc/self/status', 'utf8').split(field + ':')[1].trim().split(' ')[0]);
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
      const bytes = Buffer.concat(chunks);
      await reader.loadReaderFor(bytes);
      const loaded = kb('VmRSS');
      await reader.readDocument(bytes, 'doc').catch(() => []);
      process.stdout.write(JSON.stringify({ loadedMb: loaded / 1024, peakMb: kb('VmHWM') / 1024 }));
    });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { input: bytes }).toString());
}

function documentsIn(dir) {
  const found = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ics|html?|eml|pkpass|txt)$|\.in\.json$|^car-rental\.json$/.test(name)) found.push(path);
    }
  };
  walk(dir);
  return found;
}

const methodOf = (path) =>
  path.endsWith('.pkpass')
    ? 'pkpass'
    : path.endsWith('.ics')
      ? 'ical'
      : path.endsWith('.eml')
        ? 'email'
        : path.endsWith('.json')
          ? 'json-ld'
          : path.endsWith('.txt')
            ? 'text'
            : path.endsWith('.pdf')
              ? 'pdf'
              : 'html';

/** A 5 MB email: an HTML body with a hotel's JSON-LD, padded with a long itinerary table, base64 like real mail. */
function bigEmail() {
  const hotel = readFileSync(join(FIXTURES, 'hotel-jsonld.html'), 'utf8');
  const rows = '<tr><td>Breakfast included</td><td>Room 12, floor 3</td></tr>\n'.repeat(48_000);
  const html = hotel.replace('</body>', `<table>${rows}</table></body>`);
  const body = Buffer.from(html).toString('base64').replace(/.{76}/g, '$&\r\n');
  const eml = `From: stays@example.test\r\nSubject: Your stay\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${body}\r\n`;
  return Buffer.from(eml.slice(0, 5 * 1024 * 1024 - 1024));
}

async function memoryWithUploads(smoke, log) {
  const { publicKey, token } = benchIdentity();
  const service = await startNode({
    file: join(ROOT, 'services/imports/dist/main.js'),
    env: { JWT_PUBLIC_KEY: publicKey, QUEUE_PREFIX: `bench-imports-${process.pid}` },
  });
  try {
    const email = bigEmail();
    const upload = () => {
      const form = new FormData();
      form.append('files', new Blob([email]), 'stay.eml');
      form.append('files', new Blob([readFileSync(join(FIXTURES, 'flight.ics'))]), 'flight.ics');
      return fetch(`${service.url}/api/imports`, { method: 'POST', headers: { authorization: token }, body: form });
    };
    const inFlight = smoke ? 2 : 10;
    const statuses = (await Promise.all(Array.from({ length: inFlight }, upload))).map((res) => res.status);
    // The kernel's high-water mark of the process's resident memory over its life.
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${service.pid}/status`, 'utf8'))[1]);
    log(
      `imports: ${inFlight} uploads of 5 MB + a calendar answered ${statuses.join(',')}; peak RSS ${Math.round(peakKb / 1024)} MB`,
    );
    if (statuses.some((status) => status !== 201)) throw new Error(`uploads answered ${statuses.join(',')}`);
    return { inFlight, peakMb: peakKb / 1024 };
  } finally {
    await service.stop();
  }
}

export async function run({ smoke, log }) {
  const { isolatedReader } = require(join(ROOT, 'services/imports/dist/index.js'));
  const read = isolatedReader();
  const corpus = process.env.IMPORT_CORPUS ?? process.argv.find((a) => a.startsWith('--corpus='))?.slice(9);
  const pdfs = await pdfConfirmations();
  const documents = [
    ...documentsIn(corpus ?? FIXTURES)
      .slice(0, smoke ? 6 : undefined)
      .map((path) => ({ path, bytes: readFileSync(path) })),
    ...pdfs.slice(0, smoke ? 1 : undefined),
  ];
  const perMethod = new Map();
  const times = [];
  for (const { path, bytes } of documents) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await read(path, bytes);
    const took = performance.now() - started;
    times.push(took);
    const cpu = process.cpuUsage(cpuBefore);
    const row = perMethod.get(methodOf(path)) ?? { documents: 0, cpuMs: 0, wallMs: [] };
    row.documents++;
    row.cpuMs += (cpu.user + cpu.system) / 1000;
    row.wallMs.push(took);
    perMethod.set(methodOf(path), row);
  }
  const pdfMemory = memoryOfOneDocument(pdfs[0].bytes);
  const htmlMemory = memoryOfOneDocument(readFileSync(join(FIXTURES, 'hotel-jsonld.html')));
  times.sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))];
  const emailStarted = performance.now();
  const emailReading = await read('stay.eml', bigEmail());
  const emailMs = performance.now() - emailStarted;
  if (!('reservations' in emailReading)) throw new Error(`the 5 MB email was not read: ${emailReading.problem}`);
  const memory = await memoryWithUploads(smoke, log);
  const source = corpus ? 'the corpus' : 'the service’s fixtures';
  return [
    ...[...perMethod].map(([method, row]) => ({
      measure: `imports: ${method} documents read per CPU-second (a worker each)`,
      comparison: `${row.documents} documents of ${method === 'pdf' ? 'PDFs made from the text fixtures' : source}, ${ms(row.cpuMs / row.documents)} CPU and ${ms(median(row.wallMs))} median wall time each`,
      result: `${(1000 / (row.cpuMs / row.documents)).toFixed(1)}/s`,
      target: '',
      pass: null,
    })),
    {
      measure: 'imports: p99 time of one document, in its worker',
      comparison: `${times.length} documents of ${source}; median ${ms(times[Math.floor(times.length / 2)])}`,
      result: ms(p99),
      target: `≤ ${ms(TARGET_P99_MS)}`,
      pass: p99 <= TARGET_P99_MS,
    },
    {
      measure: 'imports: memory of one PDF read (pdf.js loaded, then the reading)',
      comparison: `a hotel page: ${htmlMemory.loadedMb.toFixed(0)} MB loaded, peak ${htmlMemory.peakMb.toFixed(0)} MB; a PDF: ${pdfMemory.loadedMb.toFixed(0)} MB loaded (RSS of a fresh Node process)`,
      result: `peak ${pdfMemory.peakMb.toFixed(0)} MB`,
      target: '',
      pass: null,
    },
    {
      measure: 'imports: a 5 MB email (base64 HTML with JSON-LD) read',
      comparison: `${emailReading.reservations.length} reservation found`,
      result: ms(emailMs),
      target: `≤ ${ms(TARGET_EMAIL_MS)}`,
      pass: emailMs <= TARGET_EMAIL_MS,
    },
    {
      measure: `imports: service peak memory with ${memory.inFlight} uploads in flight`,
      comparison: 'each a 5 MB email and a calendar file; VmHWM of the built service',
      result: `${memory.peakMb.toFixed(0)} MB`,
      target: `≤ ${TARGET_MEMORY_MB} MB`,
      pass: memory.peakMb <= TARGET_MEMORY_MB,
    },
  ];
}

if (isMain(import.meta.url)) await runAlone(run);
