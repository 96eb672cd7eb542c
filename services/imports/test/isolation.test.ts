// Parsing in isolation: each document in a worker thread that opens no socket (a local
// server named all over the documents is never called), ends at its time limit and at
// its heap limit, and turns each into a problem for that file.
import { createHook } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { isolatedReader } from '../src/providers/isolated-reader';
import { readDocument } from '../src/providers/read-document';
import { fixture, pkpass, strToU8 } from './support/fixtures';
import { pdfOf } from './support/pdfs';

let server: Server;
let connections = 0;
let base = '';
beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Documents that name the local server wherever their format lets a URL stand. */
function documentsNaming(url: string): Array<[string, Buffer]> {
  const jsonLd = JSON.stringify({
    '@context': `${url}/context.jsonld`,
    '@type': 'LodgingReservation',
    reservationFor: { '@type': 'LodgingBusiness', name: 'X', image: `${url}/a.png`, url },
    checkinTime: '2027-01-01',
    url: `${url}/r`,
  });
  const html = `<html><head><link rel="stylesheet" href="${url}/s.css"><script src="${url}/x.js"></script>
<script type="application/ld+json">${jsonLd}</script></head><body><img src="${url}/p.gif"><iframe src="${url}"></iframe>
<div itemscope itemtype="${url}/Thing"><a itemprop="url" href="${url}/m">m</a></div></body></html>`;
  const ics = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTIMEZONE\r\nTZID:Far/Away\r\nTZURL:${url}/tz\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nDTSTART;TZID=Far/Away:20270101T100000\r\nURL:${url}/e\r\nATTACH:${url}/file.pdf\r\nSUMMARY:Flight\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
  const pass = JSON.stringify({
    formatVersion: 1,
    webServiceURL: url,
    relevantDate: '2027-01-01T10:00+01:00',
    boardingPass: { transitType: 'PKTransitTypeAir', primaryFields: [] },
  });
  const eml = `From: a@b.example\r\nSubject: x\r\nMIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n${html}\r\n`;
  return [
    ['page.html', Buffer.from(html)],
    ['cal.ics', Buffer.from(ics)],
    ['pass.pkpass', pkpass({ 'pass.json': strToU8(pass), 'icon.png': strToU8(url) })],
    ['mail.eml', Buffer.from(eml)],
    ['data.json', Buffer.from(jsonLd)],
  ];
}

/** A flight confirmation PDF whose link, subject and text name `url`. */
const pdfNaming = (url: string) =>
  pdfOf(
    ['Your e-ticket receipt', 'Booking reference: QX7K2P', 'Departure: 10 June 2027 08:05', `Manage it: ${url}/manage`],
    { link: `${url}/pdf-link` },
  );

/**
 * Reads `bytes` with the built reader (pdf.js included) in a plain Node process, as the
 * worker does but without its network guards, and answers the TCP sockets and DNS
 * look-ups the process made meanwhile (pdf.js cannot load in Jest's module system).
 */
function socketsOfPlainRead(bytes: Buffer): Promise<{ sockets: string[]; found: number }> {
  const script = `
    const { createHook } = require('node:async_hooks');
    const { readDocument } = require(${JSON.stringify(path.join(__dirname, '..', 'dist', 'providers', 'read-document.js'))});
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
      const sockets = [];
      const hook = createHook({ init: (_id, type) => {
        if (type === 'TCPWRAP' || type === 'TCPCONNECTWRAP' || type === 'GETADDRINFOREQWRAP') sockets.push(type);
      } }).enable();
      const found = await readDocument(Buffer.concat(chunks), 'ticket.pdf');
      await new Promise((resolve) => setTimeout(resolve, 200));
      hook.disable();
      process.stdout.write(JSON.stringify({ sockets, found: found.length }));
    });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}`))));
    child.stdin.end(bytes);
  });
}

describe('parsing in isolation', () => {
  it('when documents name a server everywhere a URL can stand, then reading them in workers never connects to it', async () => {
    const read = isolatedReader();
    const documents: Array<[string, Buffer]> = [...documentsNaming(base), ['ticket.pdf', await pdfNaming(base)]];
    const readings = await Promise.all(documents.map(([file, bytes]) => read(file, bytes)));
    expect(readings.filter((reading) => 'problem' in reading)).toEqual([]);
    expect(readings.at(-1)).toMatchObject({ reservations: [{ kind: 'flight', source: { method: 'pdf' } }] });
    expect(connections).toBe(0);
  });

  it('when the parsers read every fixture in this process, then they create no TCP socket at all', async () => {
    const sockets: string[] = [];
    const hook = createHook({
      init: (_id, type) => {
        if (type === 'TCPWRAP' || type === 'TCPCONNECTWRAP' || type === 'GETADDRINFOREQWRAP') sockets.push(type);
      },
    }).enable();
    try {
      for (const [file, bytes] of documentsNaming(base)) await readDocument(bytes, file);
      for (const name of ['hotel-jsonld.html', 'flight-microdata.html', 'flight.ics', 'booking.eml', 'car-rental.json'])
        await readDocument(fixture(name), name);
    } finally {
      hook.disable();
    }
    expect(sockets).toEqual([]);
  });

  it('when pdf.js reads a PDF naming a server, in a process with no guards, then it creates no TCP socket at all', async () => {
    expect(await socketsOfPlainRead(await pdfNaming(base))).toEqual({ sockets: [], found: 1 });
    expect(connections).toBe(0);
  });

  it('when a document takes longer than the time limit, then its worker is ended and it is a problem', async () => {
    const reading = await isolatedReader({ timeoutMs: 1 })('slow.eml', fixture('booking.eml'));
    expect(reading).toEqual({ problem: 'It took longer than 0.001 s to read.' });
  });

  it('when a document needs more memory than the heap limit, then its worker is ended and it is a problem', async () => {
    const elements = '<div itemscope itemtype="http://schema.org/Event"><span itemprop="name">x</span></div>'.repeat(
      60_000,
    );
    const reading = await isolatedReader({ heapMb: 8 })(
      'huge.html',
      Buffer.from(`<html><body>${elements}</body></html>`),
    );
    expect(reading).toEqual({ problem: 'It needs more memory to read than a document may use.' });
  });
});
