// A text field's limit, said instead of enforced by a silent cut (docs/adr/0064): from
// 80 % of the limit the field counts what is typed ("48 of 60 characters"); past it,
// the field says so ("Window name: at most 60 characters"), is invalid
// (setCustomValidity), so its form does not submit, and keeps every character typed or
// pasted — nothing is cut. The limits and the way text is measured are the core's
// (TEXT_LIMITS, textLength), the same the services check before refusing with a 400.
import { TEXT_COUNTER_FROM, textLength, textLimitProblem } from '@tripcost/shared/domain';
import { useEffect, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Field, FormError } from './Form';

export interface TextLimit {
  /** The control's ref: its validity follows the limit. */
  ref: (control: HTMLInputElement | HTMLTextAreaElement | null) => void;
  /** "48 of 60 characters" from 80 % of the limit on; undefined below. */
  counter?: string;
  /** "Window name: at most 60 characters" once over the limit; undefined within it. */
  error?: string;
}

/** The limit of a field holding `value`: at most `max` characters; `label` names it in the refusal. */
export function useTextLimit(value: string, max: number, label: string): TextLimit {
  const [control, setControl] = useState<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const length = textLength(value);
  const error = textLimitProblem(value, max, label) ?? undefined;
  useEffect(() => control?.setCustomValidity(error ?? ''), [control, error]);
  const counter =
    length >= Math.ceil(max * TEXT_COUNTER_FROM)
      ? `${length.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters`
      : undefined;
  return { ref: setControl, counter, error };
}

/** The ids a limited control is described by (its counter and refusal, when shown), joined with `others`. */
export function limitDescribedBy(id: string, limit: TextLimit, others?: string): string | undefined {
  const ids = [others, limit.counter && `${id}-count`, limit.error && `${id}-limit`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * The counter and the refusal under a control that is not a Field's (a Field takes them as
 * its hint and error); `id` is the control's, and the control is described by
 * limitDescribedBy(id, limit).
 */
export function TextLimitNote({ id, limit }: { id: string; limit: TextLimit }) {
  return (
    <>
      {limit.counter && (
        <small id={`${id}-count`} className={limit.error ? 'hint text-limit text-limit--over' : 'hint text-limit'}>
          {limit.counter}
        </small>
      )}
      <FormError message={limit.error} id={`${id}-limit`} />
    </>
  );
}

/** A Field's hint with the counter after it ("Up to 12 letters… · 11 of 12 characters"), each its own text. */
export function hintWithCounter(hint: string | undefined, limit: TextLimit): ReactNode {
  if (!limit.counter) return hint;
  const counter = <span className={limit.error ? 'text-limit text-limit--over' : 'text-limit'}>{limit.counter}</span>;
  if (!hint) return counter;
  return (
    <>
      <span>{hint}</span> · {counter}
    </>
  );
}

type TextControlProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'maxLength' | 'id'> &
  Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows'>;

interface LimitedTextFieldProps extends TextControlProps {
  label: string;
  /** How the refusal names the field, when not its label ("Window name" for "Name (optional)"). */
  limitLabel?: string;
  max: number;
  value: string;
  hint?: string;
  /** A textarea (notes) rather than a one-line input. */
  multiline?: boolean;
  id?: string;
  className?: string;
  labelClassName?: string;
  hideLabel?: boolean;
}

/** A labelled text field (a Field) with its limit counted and refused, never cut. */
export function LimitedTextField({
  label,
  limitLabel,
  max,
  value,
  hint,
  multiline = false,
  id,
  className,
  labelClassName,
  hideLabel,
  ...props
}: LimitedTextFieldProps) {
  // A field shown but not editable (a window page before Edit) counts nothing.
  const limit = useTextLimit(props.disabled ? '' : value, max, limitLabel ?? label);
  return (
    <Field
      id={id}
      label={label}
      hint={hintWithCounter(hint, limit)}
      error={limit.error}
      className={className}
      labelClassName={labelClassName}
      hideLabel={hideLabel}
    >
      {(control) => {
        // The caller's own marks (a server's refusal) stay beside the limit's.
        const own = {
          ...props,
          ...control,
          'aria-invalid': control['aria-invalid'] ?? props['aria-invalid'],
          'aria-describedby':
            [props['aria-describedby'], control['aria-describedby']].filter(Boolean).join(' ') || undefined,
        };
        return multiline ? (
          <textarea {...(own as TextareaHTMLAttributes<HTMLTextAreaElement>)} ref={limit.ref} value={value} />
        ) : (
          <input {...own} ref={limit.ref} value={value} />
        );
      }}
    </Field>
  );
}
