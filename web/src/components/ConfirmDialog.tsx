// Promise-based confirmation dialog: `await confirm('Delete this trip?')` → true/false.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { FormActions } from './Form';
import { Modal } from './Modal';

interface Pending {
  message: string;
  confirmLabel: string;
}

export function useConfirm(): [(message: string, confirmLabel?: string) => Promise<boolean>, ReactNode] {
  const [pending, setPending] = useState<Pending | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((message: string, confirmLabel = 'Delete') => {
    resolver.current?.(false);
    setPending({ message, confirmLabel });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setPending(null);
  };

  const dialog = pending ? (
    <Modal title="Please confirm" role="alertdialog" size="sm" onClose={() => settle(false)}>
      <p className="confirm__message">{pending.message}</p>
      <FormActions
        tone="danger"
        cancelFirstFocus
        onCancel={() => settle(false)}
        onConfirm={() => settle(true)}
        submitLabel={pending.confirmLabel}
      />
    </Modal>
  ) : null;

  return [confirm, dialog];
}
