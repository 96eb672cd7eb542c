// `npm run import-score -- DIR`: how often the importer gets a corpus right, per source
// method. DIR holds documents with their expected schema.org results beside them
// (KItinerary's test corpus layout: X and X.json, NAME.pkpass and NAME.json,
// NAME.in.json and NAME.out.json). A document counts as right when every expected
// reservation or event is found with the right kind, start and end (and amount where
// expected), and a document expecting none yields none. Times with an offset compare
// as instants, floating times as wall clock, a date alone as the local date.
// The corpus is never part of the repository: it is read from DIR only.
// Needs the built service (npx tsc -b tsconfig.build.json).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { isolatedReader } = require(join(ROOT, 'services/imports/dist/index.js'));

const KINDS = {
  LodgingReservation: 'lodging',
  FlightReservation: 'flight',
  TrainReservation: 'train',
  BusReservation: 'bus',
  RentalCarReservation: 'car',
  EventReservation: 'event',
  FoodEstablishmentReservation: 'restaurant',
  TaxiReservation: 'other',
  BoatReservation: 'other',
};

const valueOf = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v['@value'] ?? '') : (v ?? ''));
const typeOf = (o) => String([o['@type']].flat()[0] ?? '').replace(/^.*[/#]/, '');

/** What the scorer expects of one schema.org object: kind, start, end, amount; null for places and the like. */
export function expectationOf(o) {
  const type = typeOf(o);
  const kind = KINDS[type] ?? (/Event$/.test(type) ? 'event' : null);
  if (!kind) return null;
  const t = o.reservationFor && typeof o.reservationFor === 'object' ? [o.reservationFor].flat()[0] : o;
  const pairs = {
    lodging: [o.checkinTime ?? o.checkinDate, o.checkoutTime ?? o.checkoutDate],
    car: [o.pickupTime, o.dropoffTime],
    restaurant: [o.startTime ?? t.startDate, o.endTime ?? t.endDate],
    event: [t.startDate ?? o.startTime, t.endDate ?? o.endTime],
  };
  const [start, end] = pairs[kind] ?? [t.departureTime ?? t.departureDay, t.arrivalTime];
  const price = o.totalPrice ?? o.price;
  return {
    kind,
    start: String(valueOf(start)),
    end: String(valueOf(end)),
    amount: price === undefined ? undefined : Number(valueOf(price)),
  };
}

const hasZone = (s) => /(Z|[+-]\d{2}:?\d{2})$/.test(s) && s.length > 10;
/** Same moment: instants when both have offsets; wall clock otherwise; dates when either is a date. */
export function sameTime(expected, found) {
  if (!expected) return true;
  if (!found) return false;
  if (expected.length <= 10 || found.length <= 10) return expected.slice(0, 10) === found.slice(0, 10);
  if (hasZone(expected) && hasZone(found)) return Date.parse(expected) === Date.parse(found);
  return expected.slice(0, 16) === found.slice(0, 16);
}

const matches = (e, r) =>
  e.kind === r.kind &&
  sameTime(e.start, r.start) &&
  (!e.end || sameTime(e.end, r.end)) &&
  (e.amount === undefined || Math.abs(e.amount - (r.amount ?? NaN)) < 0.005);

function documentsIn(dir) {
  const found = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.in.json')) found.push({ path, expected: path.replace(/\.in\.json$/, '.out.json') });
      else if (name.endsWith('.pkpass'))
        found.push({ path, expected: [path + '.json', path.replace(/\.pkpass$/, '.json')] });
      else if (/\.(ics|html?|eml|txt)$/.test(name)) found.push({ path, expected: path + '.json' });
    }
  };
  walk(dir);
  return found;
}

function readExpected(candidates) {
  for (const path of [candidates].flat()) {
    try {
      return [JSON.parse(readFileSync(path, 'utf8'))].flat();
    } catch {
      /* next candidate */
    }
  }
  return undefined;
}

/** The method a document is written for, by what it holds (not by what was found in it). */
function methodOf(path, bytes) {
  if (path.endsWith('.pkpass')) return 'pkpass';
  if (path.endsWith('.ics')) return 'ical';
  if (path.endsWith('.json')) return 'json-ld';
  if (path.endsWith('.eml')) return 'email';
  const text = bytes.toString('utf8');
  if (/application\/ld\+json/i.test(text)) return 'json-ld';
  if (/\bitemscope\b/i.test(text)) return 'microdata';
  return 'html without markup';
}

export async function score(dir, { verbose = false } = {}) {
  const read = isolatedReader();
  const rows = new Map();
  const times = [];
  for (const doc of documentsIn(dir)) {
    const expectedObjects = readExpected(doc.expected);
    if (!expectedObjects) continue;
    const expected = expectedObjects.map(expectationOf).filter(Boolean);
    const started = process.hrtime.bigint();
    const bytes = readFileSync(doc.path);
    const reading = await read(basename(doc.path), bytes);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    const found = 'reservations' in reading ? reading.reservations : [];
    const right = expected.length === 0 ? found.length === 0 : expected.every((e) => found.some((r) => matches(e, r)));
    const method = methodOf(doc.path, bytes);
    const row = rows.get(method) ?? { documents: 0, right: 0 };
    row.documents++;
    if (right) row.right++;
    rows.set(method, row);
    if (verbose && !right) {
      console.log(
        `✗ ${relative(dir, doc.path)}\n  expected ${JSON.stringify(expected)}\n  found    ${JSON.stringify(found.map(({ kind, start, end, amount }) => ({ kind, start, end, amount })))}${'problem' in reading ? `\n  problem  ${reading.problem}` : ''}`,
      );
    }
  }
  times.sort((a, b) => a - b);
  return { rows, p99Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!dir) {
    console.error('Usage: npm run import-score -- DIR [--verbose]');
    process.exit(2);
  }
  const { rows, p99Ms } = await score(dir, { verbose: process.argv.includes('--verbose') });
  let documents = 0;
  let right = 0;
  let structured = [0, 0];
  console.log('| method | documents | right | share |\n| --- | ---: | ---: | ---: |');
  for (const [method, row] of [...rows].sort()) {
    documents += row.documents;
    right += row.right;
    if (['ical', 'json-ld', 'microdata', 'pkpass'].includes(method))
      structured = [structured[0] + row.documents, structured[1] + row.right];
    console.log(
      `| ${method} | ${row.documents} | ${row.right} | ${((100 * row.right) / row.documents).toFixed(0)} % |`,
    );
  }
  console.log(`| all | ${documents} | ${right} | ${((100 * right) / Math.max(documents, 1)).toFixed(0)} % |`);
  console.log(
    `\niCalendar, JSON-LD, microdata and PKPass together: ${structured[1]}/${structured[0]} = ${((100 * structured[1]) / Math.max(structured[0], 1)).toFixed(1)} %; p99 of one document ${p99Ms.toFixed(0)} ms`,
  );
}
