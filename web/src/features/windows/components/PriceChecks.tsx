// How sure a window's prices are: "Prices from 3–21 days ago · 2 to re-check" (from
// the server's `freshness`), and "Check prices": searches on well-known sites for the
// window's dates, built by the server (`search_links`); they open in a new tab and
// nothing is fetched from those sites.
import { useState } from 'react';
import type { Instance } from '../../../lib/types';
import { freshnessLine, SEARCH_KIND_LABELS } from '../freshness';
import { windowName } from '../rules';
import './flex.css';

export function FreshnessLine({ window }: { window: Instance }) {
  const line = freshnessLine(window);
  if (!line) return null;
  const stale = (window.freshness?.stale_items ?? 0) > 0;
  return <p className={`freshness ${stale ? 'freshness--stale' : ''}`}>{line}</p>;
}

/**
 * `deferred`: the links are made when the list is first opened — in a table of 50
 * windows the closed lists were 900 elements nobody sees (issue 26).
 */
export function CheckPrices({ window, deferred = false }: { window: Instance; deferred?: boolean }) {
  const [opened, setOpened] = useState(!deferred);
  const links = window.search_links ?? [];
  if (links.length === 0) return null;
  return (
    <details className="check-prices" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="btn btn--ghost btn--sm" aria-label={`Check prices for ${windowName(window)}`}>
        Check prices
      </summary>
      {opened && (
        <ul>
          {links.map((link) => (
            <li key={link.url}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {SEARCH_KIND_LABELS[link.kind]} on {link.site}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
