// A menu button (the WAI-ARIA menu button pattern): a button with aria-haspopup and
// aria-expanded that opens a role=menu list of items. Enter, Space or ArrowDown open it
// on the first item, ArrowUp on the last; in it the arrows move (wrapping), Home and End
// jump, Escape closes it and gives the focus back to the button, Tab closes it and lets
// the focus go on; a click outside closes it. The list opens in the flow under the
// button, not over the page: nothing covers the content beside it (ADR 0063). Written
// here rather than taken from a library: the menu libraries bring a positioning engine
// the trip page's 150 KiB budget has no room for (docs/performance.md).
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** What an item's click is given: close the menu (and give the focus back) before acting. */
export type CloseMenu = (focusButton?: boolean) => void;

const ITEMS = '[role="menuitem"],[role="menuitemradio"],[role="menuitemcheckbox"]';

export function MenuButton({
  label,
  accessibleName,
  className = '',
  menuLabel,
  children,
}: {
  /** The button's visible words ("More"). */
  label: ReactNode;
  /** Its accessible name; it starts with the visible words (WCAG 2.5.3). */
  accessibleName: string;
  className?: string;
  /** The menu's own name (aria-label). */
  menuLabel: string;
  /** The items, given `close`; rendered only while the menu is open. */
  children: (close: CloseMenu) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Which item takes the focus once the list is drawn: the first or the last.
  const [start, setStart] = useState<'first' | 'last'>('first');

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];

  const close = useCallback<CloseMenu>((focusButton = true) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const list = items();
    (start === 'last' ? list[list.length - 1] : list[0])?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, start]);

  function openAt(where: 'first' | 'last') {
    setStart(where);
    setOpen(true);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      list[moves[event.key]!]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn--ghost btn--sm menu-button ${className}`}
        aria-label={accessibleName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {label} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label={menuLabel} className="menu" onKeyDown={onMenuKeyDown}>
          {children(close)}
        </div>
      )}
    </>
  );
}

/** One action of a menu: a button with role=menuitem (or menuitemradio, with `checked`). */
export function MenuItem({
  children,
  onSelect,
  disabled = false,
  checked,
  danger = false,
  label,
}: {
  children: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** Given: one of a set of choices (role=menuitemradio), checked or not. */
  checked?: boolean;
  danger?: boolean;
  /** An accessible name longer than the words (it starts with them). */
  label?: string;
}) {
  return (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      aria-disabled={disabled || undefined}
      aria-label={label}
      tabIndex={-1}
      className={`menu__item ${danger ? 'menu__item--danger' : ''}`}
      onClick={() => {
        if (!disabled) onSelect();
      }}
    >
      {checked !== undefined && <span aria-hidden="true">{checked ? '● ' : '○ '}</span>}
      {children}
    </button>
  );
}

/** A named group of items (role=group), with its name shown above them. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="menu__group">
      <div id={id} className="menu__group-label" aria-hidden="true">
        {label}
      </div>
      {children}
    </div>
  );
}
