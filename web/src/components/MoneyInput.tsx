// A money field: what the traveller types or pastes, read as they meant it in their
// locale by the core's one reader of typed amounts (readAmountText, ADR 0061) — "12,50"
// is twelve and a half, "1 234,50 €" an amount, "12.5e5" not one. What it understood
// shows beside the field as they type ("= €12.50"), before anything is saved; what is
// not an amount is refused at the field with the reader's words, and the field is
// invalid (setCustomValidity) so its form does not submit. The form gets the amount as
// a plain decimal text ("12.5"; '' when the field is empty or refused), as a number
// field handed it before: the forms' code and what they send are unchanged.
// The reader is loaded after the page rendered, in a chunk of its own (ADR 0065): what
// is typed before it arrives (a few milliseconds) is read when it does, and until then
// the field is not valid, so its form cannot send an amount not yet understood.
import {
  DEFAULT_CURRENCY,
  isCurrencyCode,
  plainDecimal,
  type AmountTextReading,
  type readAmountText,
} from '@tripcost/shared/domain';
import { useCallback, useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { useAmountLocale } from '../lib/amountLocale';
import { digitsOf, formatMoney } from '../lib/format';

export interface MoneyInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'value' | 'onChange' | 'min' | 'max' | 'step'
> {
  /** The amount the form holds, as a plain decimal ("12.5"), or '' for none. */
  value: string;
  /** The amount read from what was typed, as a plain decimal; '' when empty or not an amount. */
  onChange?: (amount: string) => void;
  /** The field's currency: its sign or code may be typed, another's is refused; the preview is in it. */
  currency: string;
  /** Decimals allowed (default the currency's ISO digits; a rate takes 6). */
  digits?: number;
  /** Whether 0 is an amount here (a rate must be above 0). */
  allowZero?: boolean;
  /** The largest amount (default the core's MAX_MONEY). */
  max?: number;
  /** What the preview says for an amount read (default "= €12.50", the app's money format). */
  preview?: (amount: number) => string;
}

type Reader = typeof readAmountText;
let loadedReader: Reader | null = null;
let loadingReader: Promise<Reader> | null = null;

/** Loads the reader once per page; a failed load (a chunk gone after a deploy) is tried again on next use. */
export function loadAmountReader(): Promise<Reader> {
  loadingReader ??= import('../lib/amountReader').then(
    (module) => (loadedReader = module.readAmountText),
    (error: unknown) => {
      loadingReader = null;
      throw error;
    },
  );
  return loadingReader;
}

/** The reader once loaded (null until then), asked for when the first money field shows; `ask` asks again. */
function useAmountReader(): { reader: Reader | null; ask: () => void } {
  const [reader, setReader] = useState<Reader | null>(() => loadedReader);
  const mounted = useRef(true);
  const ask = useCallback(() => {
    loadAmountReader().then(
      (loaded) => mounted.current && setReader(() => loaded),
      () => undefined, // offline without the chunk: the field stays unread, and the next keystroke asks again
    );
  }, []);
  useEffect(() => {
    mounted.current = true;
    if (!loadedReader) ask();
    return () => void (mounted.current = false);
  }, [ask]);
  return { reader, ask };
}

/** Said at a field typed in before the reader arrived (only for those milliseconds). */
const READING = 'Reading the amount…';

const joinIds = (...ids: (string | undefined | false)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * The form's plain decimal as the traveller would write it: the locale's decimal mark
 * when it is a comma ("12,5" in Paris), else a point. One mark followed by digits only
 * reads back as the same amount in that locale (the reader takes it as grouping only when
 * it is the locale's grouping mark, which a decimal mark never is).
 */
export function shownAmount(value: string, locale: string): string {
  if (value.trim() === '' || Number.isNaN(plainDecimal(value))) return value;
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? value.trim().replace('.', ',') : value.trim();
}

export function MoneyInput({
  value,
  onChange,
  currency,
  digits,
  allowZero,
  max,
  preview,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: MoneyInputProps) {
  const locale = useAmountLocale();
  const { reader, ask } = useAmountReader();
  const madeId = useId();
  const inputId = id ?? madeId;
  const code = isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY;
  const places = digits ?? digitsOf(currency);
  const [text, setText] = useState(() => shownAmount(value, locale));
  // What this field last handed its form: a value that differs came from elsewhere
  // (a reset, a saved value, a draft) and replaces the text.
  const [handed, setHanded] = useState(value);
  const [shownIn, setShownIn] = useState(locale);
  if (value !== handed) {
    setHanded(value);
    setText(shownAmount(value, locale));
  } else if (locale !== shownIn) {
    // The profile's locale arrived after the field showed a value: show it that way, unless typed meanwhile.
    setShownIn(locale);
    if (text === shownAmount(value, shownIn)) setText(shownAmount(value, locale));
  }

  const read = (typed: string): AmountTextReading | null =>
    typed.trim() === '' || !reader ? null : reader(typed, { locale, currency: code, digits: places, allowZero, max });
  const reading = read(text);
  const refusal = reading && !reading.ok ? reading.msg : '';
  const waiting = !reader && text.trim() !== '';
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.setCustomValidity(refusal || (waiting ? READING : '')), [refusal, waiting]);
  // Typed before the reader arrived: what the form holds is read as soon as it is here.
  const typedEarly = useRef(false);
  useEffect(() => {
    if (!reader || !typedEarly.current) return;
    typedEarly.current = false;
    const late = read(text);
    const amount = late?.ok ? String(late.amount) : '';
    setHanded(amount);
    onChange?.(amount);
    // Only the reader's arrival matters here: later keystrokes are read as they come.
  }, [reader]);

  const previewId = `${inputId}-preview`;
  const errorId = `${inputId}-refusal`;
  const understood = reading?.ok
    ? (preview ?? ((amount: number) => `= ${formatMoney(amount, code, places)}`))(reading.amount)
    : '';
  return (
    <span className="money-input">
      <input
        {...props}
        ref={input}
        id={inputId}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={text}
        aria-invalid={refusal ? true : invalid}
        aria-describedby={joinIds(describedBy, refusal ? errorId : previewId)}
        onChange={(event) => {
          const typed = event.target.value;
          if (!reader) {
            typedEarly.current = true;
            ask();
          }
          const next = read(typed);
          const amount = next?.ok ? String(next.amount) : '';
          setText(typed);
          setHanded(amount);
          setShownIn(locale);
          onChange?.(amount);
        }}
      />
      <output id={previewId} className="money-input__preview" aria-live="polite">
        {understood}
      </output>
      {refusal && (
        <span id={errorId} className="form-error money-input__refusal" role="alert">
          {refusal}
        </span>
      )}
    </span>
  );
}
