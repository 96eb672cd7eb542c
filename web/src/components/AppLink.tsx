// A link that works with or without the router. The landing page is served without
// the router and the store (its JavaScript must stay small, docs/performance.md), so
// its links cannot be react-router's <Link>. AppLink is a real <a href>; a plain
// left click is handed to whoever provides navigation (the router inside the app, the
// app's loader on the stand-alone landing page), anything else (new tab, middle click)
// is left to the browser.
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

export type Navigate = (to: string) => void;

const NavigationContext = createContext<Navigate>((to) => window.location.assign(to));

export const NavigationProvider = NavigationContext.Provider;

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; children: ReactNode };

export function AppLink({ to, onClick, children, ...rest }: AppLinkProps) {
  const navigate = useContext(NavigationContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified || rest.target) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={follow} {...rest}>
      {children}
    </a>
  );
}
