// The frame of the login and register pages: the brand back to the landing page, the
// page's title and lead, its content, and the link to the other page.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function AuthCard({
  title,
  lead,
  wide = false,
  switchTo,
  children,
}: {
  title: string;
  lead: string;
  /** The register form's two columns. */
  wide?: boolean;
  /** The line under the card that leads to the other page. */
  switchTo: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
        <Link to="/" className="brand brand--dark">
          TripCost
        </Link>
        <h1>{title}</h1>
        <p className="muted">{lead}</p>
        {children}
        <p className="muted auth-card__switch">{switchTo}</p>
      </div>
    </main>
  );
}
