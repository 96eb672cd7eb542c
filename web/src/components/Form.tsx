// The pieces every form is made of, so each form says what it asks and not how a field
// is marked up: a field with its label (and hint and error), the form's error region,
// and the dialog's actions (Cancel and the submit button that says when it is busy).
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** What a control beside its label needs: its id, and the ids of what describes it. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: ReactNode;
  /**
   * The control. An element is wrapped by its label (its text is the control's name); a
   * function gets the ids and stands beside its label — for selects (a wrapping label's
   * name would take in every option), or a control with a hint or an error.
   */
  children: ReactElement | ((control: ControlProps) => ReactNode);
  /** Said under the control and read with it (aria-describedby). */
  hint?: ReactNode;
  /** This field's own error, read with the control, which is marked invalid. */
  error?: string;
  /** The control's id when it must be a known one; else one is made up. */
  id?: string;
  className?: string;
  labelClassName?: string;
  /** The label is for screen readers only (the field's purpose shows otherwise). */
  hideLabel?: boolean;
}

export function Field({ label, children, hint, error, id, className, labelClassName, hideLabel }: FieldProps) {
  const madeId = useId();
  const controlId = id ?? madeId;
  const labelClass = classes(hideLabel && 'sr-only', labelClassName) || undefined;
  if (isValidElement(children) && !hint && !error) {
    return (
      <label className={classes('field', className)}>
        <span className={labelClass}>{label}</span>
        {children}
      </label>
    );
  }
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const control: ControlProps = {
    id: controlId,
    'aria-describedby': classes(hintId, errorId) || undefined,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={classes('field', className)}>
      <label className={labelClass} htmlFor={controlId}>
        {label}
      </label>
      {typeof children === 'function' ? children(control) : cloneElement(children as ReactElement<object>, control)}
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
      <FormError message={error} id={errorId} />
    </div>
  );
}

/** The form's error region: announced when it appears; nothing while there is no error. */
export function FormError({ message, className, id }: { message?: string | null; className?: string; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={classes('form-error', className)} role="alert">
      {message}
    </p>
  );
}

interface FormActionsProps {
  /** The submit button's text. */
  submitLabel: ReactNode;
  /** While the form is sent: the submit button's text then (it is disabled meanwhile). */
  busy?: string | false;
  /** Not sendable yet (besides while busy). */
  disabled?: boolean;
  tone?: 'primary' | 'secondary' | 'danger';
  onCancel: () => void;
  cancelLabel?: ReactNode;
  /** A dialog without a form: the confirming button acts by itself instead of submitting. */
  onConfirm?: () => void;
  /** Cancel takes the focus when the dialog opens (a destructive confirmation). */
  cancelFirstFocus?: boolean;
  /** Small buttons (in a card or a list). */
  small?: boolean;
  /** The submit button before Cancel (the rows that edit in place). */
  submitFirst?: boolean;
  /** The row's class: dialogs' `form-actions` unless the place has its own. */
  className?: string;
  /** Anything before the buttons (a preview, another action). */
  children?: ReactNode;
}

export function FormActions({
  submitLabel,
  busy = false,
  disabled = false,
  tone = 'primary',
  onCancel,
  cancelLabel = 'Cancel',
  onConfirm,
  cancelFirstFocus = false,
  small = false,
  submitFirst = false,
  className = 'form-actions',
  children,
}: FormActionsProps) {
  const size = small ? 'btn--sm' : undefined;
  const cancel = (
    <button
      type="button"
      className={classes('btn btn--ghost', size)}
      onClick={onCancel}
      data-autofocus={cancelFirstFocus || undefined}
    >
      {cancelLabel}
    </button>
  );
  const submit = (
    <button
      type={onConfirm ? 'button' : 'submit'}
      className={classes(`btn btn--${tone}`, size)}
      disabled={Boolean(busy) || disabled}
      onClick={onConfirm}
    >
      {busy || submitLabel}
    </button>
  );
  return (
    <div className={className}>
      {children}
      {submitFirst ? submit : cancel}
      {submitFirst ? cancel : submit}
    </div>
  );
}
