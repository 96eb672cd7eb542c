// Confirmations with no markup (pasted text, plain mails): the few patterns of the
// confirmations travellers get most. Each pattern has its fixture in
// test/fixtures/text; amounts go through the shared amount reader with the
// document's own decimal mark (read outside the worker, imports.ts).
import type { PriceText, Reservation, ReservationKind } from '../domain/reservation';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const SIGNS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' };

/** "12 March 2027", "March 12, 2027", "2027-03-12", "12.03.2027" → YYYY-MM-DD. */
function dateIn(text: string): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  let m = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/.exec(text);
  if (m) return `${m[3]}-${pad(+m[2])}-${pad(+m[1])}`;
  m = /\b(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?,?\s+(\d{4})\b/.exec(text);
  if (m && MONTHS[m[2].toLowerCase()]) return `${m[3]}-${pad(MONTHS[m[2].toLowerCase()])}-${pad(+m[1])}`;
  m = /\b([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/.exec(text);
  if (m && MONTHS[m[1].toLowerCase()]) return `${m[3]}-${pad(MONTHS[m[1].toLowerCase()])}-${pad(+m[2])}`;
  return '';
}

/**
 * What follows the first line that starts with `label` ("Vehicle: …", not the "car" inside
 * "Fixture Cars"): the rest of that line, or the next line when the label stands alone.
 */
const line = (text: string, label: RegExp) => {
  const m = new RegExp(
    `(?:^|\\n)[ \\t]*(?:${label.source})\\b[ \\t]*[:\\-]?[ \\t]*(?:\\r?\\n[ \\t]*)?([^\\n]+)`,
    'i',
  ).exec(text);
  return m ? m[1].trim() : '';
};

/** A total such as "Total price: € 1,234.50" or "Gesamtpreis 1.234,50 EUR", read with the document's decimal mark. */
export function totalIn(text: string, locale: string): { price?: PriceText } {
  const raw = line(text, /total(?: price| amount| cost)?|gesamtpreis|grand total|amount paid|prix total/);
  const m = /([€$£¥]|\b[A-Z]{3}\b)?\s*([\d.,'\s\u202f]*\d)\s*([€$£¥]|\b[A-Z]{3}\b)?/.exec(raw);
  if (!m) return {};
  const currency = SIGNS[m[1] ?? m[3] ?? ''] ?? (m[1] ?? m[3] ?? '').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return {};
  return { price: { text: m[2].trim(), currency, locale } };
}

interface Pattern {
  kind: ReservationKind;
  provider: string;
  /** When the text is this provider's confirmation. */
  test: RegExp;
  start: RegExp;
  end: RegExp;
  confirmation: RegExp;
  name: RegExp;
}

const PATTERNS: Pattern[] = [
  {
    kind: 'lodging',
    provider: 'Booking.com',
    test: /booking\.com/i,
    start: /check-?in|arrival|anreise/,
    end: /check-?out|departure|abreise/,
    confirmation: /confirmation number|booking number|buchungsnummer/,
    name: /property|hotel|unterkunft/,
  },
  {
    kind: 'lodging',
    provider: 'Airbnb',
    test: /airbnb/i,
    start: /check-?in/,
    end: /checkout|check-out/,
    confirmation: /confirmation code/,
    name: /listing|stay at|your stay/,
  },
  {
    kind: 'flight',
    provider: '',
    test: /\b(flight|booking reference|e-?ticket)\b/i,
    start: /departure(?: date)?|departs|date of travel/,
    end: /arrival(?: date)?|arrives/,
    confirmation: /booking reference|record locator|confirmation code|pnr/,
    name: /flight(?: number)?/,
  },
  {
    kind: 'car',
    provider: '',
    test: /\b(car rental|rental car|pick-?up)\b/i,
    start: /pick-?up(?: date)?/,
    end: /drop-?off|return(?: date)?/,
    confirmation: /confirmation number|reservation number/,
    name: /vehicle|car(?: group| class)?/,
  },
];

/** Reservations in plain text; `locale` is the document's language (its decimal mark). */
export function reservationsInText(text: string, file: string, locale = 'en'): Reservation[] {
  for (const pattern of PATTERNS) {
    if (!pattern.test.test(text)) continue;
    const start = dateIn(line(text, pattern.start));
    if (!start) continue;
    const end = dateIn(line(text, pattern.end)) || start;
    const confirmation = /([A-Z0-9][A-Z0-9.-]{4,15}[A-Z0-9])/.exec(line(text, pattern.confirmation))?.[1];
    const airline = /operated by\s+([^\n]+)/i.exec(text)?.[1]?.trim();
    return [
      {
        kind: pattern.kind,
        provider: pattern.provider || airline || '',
        name: line(text, pattern.name).slice(0, 120) || pattern.provider || pattern.kind,
        start,
        end,
        location: line(text, /address|location|adresse/).slice(0, 200),
        ...totalIn(text, locale),
        ...(confirmation ? { confirmation } : {}),
        ...(/\b(paid|bezahlt|payée?)\b/i.test(text) && !/\b(not paid|unpaid|pay at)\b/i.test(text)
          ? { paid: true }
          : {}),
        source: { file, method: 'text' },
      },
    ];
  }
  return [];
}

/** The document's language guessed from its decimal mark ("1.234,50" → German-style), for the amount reader. */
export function localeOfText(text: string): string {
  return /\d\.\d{3},\d{2}\b|\b\d+,\d{2}\s?(€|EUR)/.test(text) ? 'de' : 'en';
}
