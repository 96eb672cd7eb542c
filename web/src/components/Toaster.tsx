// Toasts: on a phone in the page's flow under the header (covering nothing), on a wide screen
// at the bottom right (styles.css, ADR 0076); announced to screen readers; each leaves after
// its duration.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { dismissToast, forgetToastAction, runToastAction, type Toast } from '../lib/toast';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), toast.duration);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.duration]);
  useEffect(() => () => forgetToastAction(toast.id), [toast.id]);
  return (
    <div className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
      <span className="toast__message">{toast.message}</span>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            runToastAction(toast.id);
            dispatch(dismissToast(toast.id));
          }}
        >
          {toast.action}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => dispatch(dismissToast(toast.id))}
      >
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useAppSelector((s) => s.toasts);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
