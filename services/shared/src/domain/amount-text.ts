// What a traveller types or pastes into a money field, read as they meant it in their
// locale: "12,50" is twelve and a half in Paris and in Boston alike, "1 234,50 €",
// "$1,234.50" and "CHF 1'234.50" are amounts, "12.5e5" is not. The one reader of typed
// amounts (the web app's money fields, the importer later); the API itself takes plain
// decimals only (money.ts, plainDecimal). docs/adr/0061-amounts-as-people-type-them.md
// says what it reads, what it refuses, and why it is written here rather than taken
// from a parsing library.
import { currencyDigits } from './currencies';
import { CURRENCY_MINOR_DIGITS } from './currency-codes';
import { fromMinorUnits, MAX_MONEY } from './money';

export type AmountTextProblem =
  'empty' | 'not_amount' | 'too_many_decimals' | 'negative' | 'zero' | 'too_large' | 'other_currency';

export interface AmountTextOptions {
  /** The traveller's locale (their profile country's, else the browser's): which mark is decimal. */
  locale: string;
  /** The field's currency: its own sign or code may be typed; another's is refused. */
  currency: string;
  /** Decimals allowed (default: the currency's minor digits; exchange rates take 6). */
  digits?: number;
  /** Whether 0 is an amount here (default true; a rate must be above 0). */
  allowZero?: boolean;
  /** The largest amount (default MAX_MONEY). */
  max?: number;
}

export type AmountTextReading =
  { ok: true; amount: number; minor: number } | { ok: false; problem: AmountTextProblem; msg: string };

/** The locale's decimal and grouping marks, as Intl writes 1234.5. */
function marksOf(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234.5);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/** How the field's currency can be written around an amount: its code and its signs in this locale and in English. */
function ownSigns(currency: string, locale: string): string[] {
  const signs = new Set([currency]);
  for (const loc of [locale, 'en-US']) {
    for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
      const part = new Intl.NumberFormat(loc, { style: 'currency', currency, currencyDisplay })
        .formatToParts(1)
        .find((p) => p.type === 'currency');
      if (part) signs.add(part.value);
    }
  }
  // Longest first, so "US$" goes before "$".
  return [...signs].sort((a, b) => b.length - a.length);
}

const SPACES = /[\s\u00a0\u2007\u2009\u202f]/g;
const APOSTROPHES = /['\u2019\u02bc]/g;
const CURRENCY_SIGN = /\p{Sc}/u;
const LETTERS = /\p{L}/u;

/** The text without the field's own currency sign or code at either end; `other` when another currency's is there. */
function withoutCurrency(text: string, currency: string, locale: string): { rest: string } | { other: true } {
  let rest = text.trim();
  for (const sign of ownSigns(currency, locale)) {
    if (rest.toUpperCase().startsWith(sign.toUpperCase())) rest = rest.slice(sign.length).trim();
    else if (rest.toUpperCase().endsWith(sign.toUpperCase())) rest = rest.slice(0, rest.length - sign.length).trim();
  }
  const code = /^([A-Za-z]{3})(?![A-Za-z])|(?<![A-Za-z])([A-Za-z]{3})$/.exec(rest);
  const written = (code?.[1] ?? code?.[2])?.toUpperCase();
  if (written && written !== currency && Object.prototype.hasOwnProperty.call(CURRENCY_MINOR_DIGITS, written)) {
    return { other: true };
  }
  if (CURRENCY_SIGN.test(rest)) return { other: true };
  return { rest };
}

/**
 * How the marks of `body` (digits, '.' and ',' only) read: `null` none, `'grouping'`
 * every mark groups thousands, '.' or ',' the decimal mark, `undefined` they cannot be
 * an amount (two decimal marks). The traveller's locale decides a single mark followed
 * by three digits ("1,234" is 1234 in en-US, 1.234 in fr-FR); any other single mark can
 * only be decimal ("12,50" is 12.50 everywhere).
 */
function readMarks(
  body: string,
  locale: { decimal: string; group: string },
): '.' | ',' | 'grouping' | null | undefined {
  const marks = [...body].filter((c) => c === '.' || c === ',') as ('.' | ',')[];
  if (marks.length === 0) return null;
  const last = marks[marks.length - 1]!;
  if (new Set(marks).size === 2) return marks.filter((m) => m === last).length === 1 ? last : undefined;
  if (marks.length > 1) return 'grouping';
  if (last === locale.group && body.length - body.indexOf(last) - 1 === 3) return 'grouping';
  return last;
}

/** Groups written with `mark` each hold three digits (the first one to three). */
const wellGrouped = (integer: string, mark: string): boolean =>
  integer.split(mark).every((group, i) => (i === 0 ? /^\d{1,3}$/.test(group) : /^\d{3}$/.test(group)));

/** The integer and fraction digits `body` writes, or null when its marks do not make an amount. */
function digitsOf(
  spaced: string,
  locale: { decimal: string; group: string },
): { integer: string; fraction: string } | null {
  const compact = spaced.replace(/ /g, '');
  if (!/^[\d.,]+$/.test(compact) || !/\d/.test(compact)) return null;
  const marks = readMarks(compact, locale);
  if (marks === undefined) return null;
  const decimal = marks === '.' || marks === ',' ? marks : null;
  const at = decimal === null ? -1 : spaced.lastIndexOf(decimal);
  const [integer, fraction] = at === -1 ? [spaced, ''] : [spaced.slice(0, at), spaced.slice(at + 1)];
  if (/[ .,]/.test(fraction)) return null;
  // Thousands are grouped one way: by spaces (and apostrophes), or by the other mark.
  const groups = [...new Set(integer.match(/[ .,]/g) ?? [])];
  if (groups.length > 1 || (groups.length === 1 && !wellGrouped(integer, groups[0]!))) return null;
  const whole = integer.replace(/[ .,]/g, '');
  if (whole === '' && fraction === '') return null;
  return { integer: whole, fraction };
}

function refuse(
  problem: AmountTextProblem,
  options: AmountTextOptions,
  digits: number,
  text: string,
): AmountTextReading {
  const example = new Intl.NumberFormat(options.locale, {
    minimumFractionDigits: Math.min(digits, 2),
    maximumFractionDigits: Math.min(digits, 2),
  }).format(12.5);
  const msg = {
    empty: 'Please enter an amount.',
    not_amount: `“${text.trim()}” is not an amount. Type it like ${example}.`,
    too_many_decimals:
      digits === 0
        ? `${options.currency} amounts have no decimals.`
        : `Use at most ${digits} decimal${digits === 1 ? '' : 's'} here.`,
    negative: 'The amount cannot be negative.',
    zero: 'The amount must be above 0.',
    too_large: `The amount can be at most ${new Intl.NumberFormat(options.locale).format(options.max ?? MAX_MONEY)}.`,
    other_currency: `This amount is in ${options.currency}: type it in ${options.currency}, or add it as a cost item in its own currency.`,
  }[problem];
  return { ok: false, problem, msg };
}

/** What a typed or pasted amount is, exactly in minor units of `digits`, or why it is not one. */
export function readAmountText(text: string, options: AmountTextOptions): AmountTextReading {
  const digits = options.digits ?? currencyDigits(options.currency);
  const no = (problem: AmountTextProblem) => refuse(problem, options, digits, text);
  if (text.trim() === '') return no('empty');
  // A minus may come before or after the currency sign: "-$5", "$-5", "- 5 €".
  const MINUS = /^[-\u2212]\s*/;
  const signed = MINUS.test(text.trim());
  const stripped = withoutCurrency(text.trim().replace(MINUS, ''), options.currency, options.locale);
  if ('other' in stripped) return no('other_currency');
  let body = stripped.rest;
  if (signed && MINUS.test(body)) return no('not_amount');
  const negative = signed || MINUS.test(body);
  body = body.replace(MINUS, '');
  // Spaces of every width and apostrophes ("1 234,50", "1\u202f234,50", "1'234.50") only group thousands.
  const parsed = digitsOf(body.replace(APOSTROPHES, ' ').replace(SPACES, ' '), marksOf(options.locale));
  if (!parsed || LETTERS.test(body)) return no('not_amount');
  const { integer, fraction } = parsed;
  if (fraction.length > digits) return no('too_many_decimals');
  const minor = Number((integer || '0') + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) return no('too_large');
  if (negative && minor !== 0) return no('negative');
  const amount = fromMinorUnits(minor, digits);
  if (amount > (options.max ?? MAX_MONEY)) return no('too_large');
  if (minor === 0 && options.allowZero === false) return no('zero');
  return { ok: true, amount, minor };
}
