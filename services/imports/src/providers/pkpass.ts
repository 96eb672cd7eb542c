// Reservations in Apple Wallet passes (.pkpass: a zip with pass.json), unzipped with
// fflate within the archive limits (entry count, inflated size, ratio) before any
// entry is inflated, so a zip bomb is refused by its directory alone.
import { unzipSync } from 'fflate';
import { DocumentProblem, IMPORT_LIMITS, parseJsonLimited } from '../domain/limits';
import { dateValue, type Reservation, type ReservationKind } from '../domain/reservation';
import { localeOfText, totalIn } from './text';

interface PassField {
  key?: string;
  label?: string;
  value?: unknown;
}

/** pass.json of a .pkpass archive, or a DocumentProblem. */
export function passJsonOf(bytes: Uint8Array): Record<string, unknown> {
  let entries = 0;
  let problem: string | undefined;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (entry) => {
        entries++;
        if (entries > IMPORT_LIMITS.archiveEntries)
          problem = `The archive holds more than ${IMPORT_LIMITS.archiveEntries} files.`;
        else if (entry.originalSize > IMPORT_LIMITS.archiveEntryBytes)
          problem = `${entry.name} is too large once unpacked.`;
        else if (entry.originalSize > Math.max(entry.size, 1) * IMPORT_LIMITS.archiveRatio)
          problem = `${entry.name} unpacks to over ${IMPORT_LIMITS.archiveRatio} times its size.`;
        return !problem && entry.name === 'pass.json';
      },
    });
  } catch {
    throw new DocumentProblem(problem ?? 'It is not a zip archive that can be read.');
  }
  if (problem) throw new DocumentProblem(problem);
  const pass = files['pass.json'];
  if (!pass) throw new DocumentProblem('The archive has no pass.json: it is not a Wallet pass.');
  const parsed = parseJsonLimited(new TextDecoder().decode(pass).replace(/^\uFEFF/, ''));
  if (!parsed || typeof parsed !== 'object') throw new DocumentProblem('Its pass.json holds no pass.');
  return parsed as Record<string, unknown>;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "05NOV17", "31 Jan 2000", "30.11.23", "2017-11-05…" → YYYY-MM-DD, else ''. */
function dateInField(value: string): string {
  const iso = dateValue(value);
  if (iso) return iso;
  const dotted = /\b(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})\b/.exec(value);
  if (dotted) {
    const year = dotted[3].length === 2 ? `20${dotted[3]}` : dotted[3];
    return `${year}-${dotted[2].padStart(2, '0')}-${dotted[1].padStart(2, '0')}`;
  }
  const m = /\b(\d{1,2})\s?([A-Za-z]{3})[a-z]*\.?\s?(\d{2}|\d{4})\b/.exec(value);
  if (!m) return '';
  const month = MONTHS.indexOf(m[2].toLowerCase());
  if (month < 0) return '';
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  return `${year}-${String(month + 1).padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

const KIND_OF_TRANSIT: Record<string, ReservationKind> = {
  PKTransitTypeAir: 'flight',
  PKTransitTypeTrain: 'train',
  PKTransitTypeBus: 'bus',
  PKTransitTypeBoat: 'other',
  PKTransitTypeGeneric: 'other',
};

const fieldsOf = (section: Record<string, unknown>): PassField[] =>
  ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].flatMap((name) =>
    Array.isArray(section[name]) ? (section[name] as PassField[]) : [],
  );

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

export function reservationsInPass(bytes: Uint8Array, file: string): Reservation[] {
  const pass = passJsonOf(bytes);
  const style = ['boardingPass', 'eventTicket', 'coupon', 'storeCard', 'generic'].find((name) => pass[name]);
  if (!style) return [];
  const section = pass[style] as Record<string, unknown>;
  const fields = fieldsOf(section);
  const labels = fields.map((f) => `${f.key} ${f.label}`).join(' ');
  const lodging = /hotel|check-?in|anreise|aufenthalt|arrival date|nights|room/i.test(labels);
  const kind: ReservationKind =
    style === 'boardingPass'
      ? (KIND_OF_TRANSIT[str(section.transitType)] ?? 'other')
      : lodging
        ? 'lodging'
        : style === 'eventTicket'
          ? 'event'
          : 'other';
  // Every date the fields write, ranges ("30.11.23 - 01.12.23") included, in order.
  const dated = fields.flatMap((field) =>
    str(field.value)
      .split(/\s[-–]\s|\n/)
      .map(dateInField)
      .filter(Boolean),
  );
  const start = dateValue(pass.relevantDate) || dated[0];
  if (!start) return [];
  const end = kind === 'lodging' ? (dated.find((d) => d > start.slice(0, 10)) ?? start) : start;
  const back = fields.map((f) => str(f.value)).join('\n');
  const primary = fieldsOf({ primaryFields: section.primaryFields });
  const route =
    style === 'boardingPass' && primary.length >= 2 ? `${str(primary[0].value)} → ${str(primary[1].value)}` : '';
  const name = [fields.find((f) => /flight|flug|train|zug/i.test(`${f.key} ${f.label}`))?.value, route]
    .map(str)
    .filter(Boolean)
    .join(' ');
  const confirmation =
    str(fields.find((f) => /confirm|booking|reservation|pnr|locator/i.test(`${f.key} ${f.label}`))?.value) ||
    str(pass.groupingIdentifier);
  return [
    {
      kind,
      provider: str(pass.organizationName),
      name: name || str(pass.description) || str(pass.organizationName),
      start,
      end,
      location: str(primary[0]?.label),
      ...(confirmation && !confirmation.startsWith('$') ? { confirmation } : {}),
      ...totalIn(back, localeOfText(back)),
      source: { file, method: 'pkpass' },
    },
  ];
}
