// One window as a card (docs/product.md §4 "Window cards", ADR 0063): its figures and
// status first — name or dates, status, total, per person, how fresh its prices are, its
// marks and weather — then one primary action, View Details, and the rest in a menu
// ("More"): Commit (or Clear plan), the name, the status, Duplicate…, Flex dates, the
// price checks and Delete. A viewer sees the figures, the votes and View Details.
import { lazy, Suspense, useState } from 'react';

// Weather arrives from the network after the card: its code loads beside it, not in the trip page's first load.
// Opened on demand: the name field is not in the trip page's first load.
const WindowNameForm = lazy(() => import('./WindowName'));
const WindowWeather = lazy(() => import('./WindowWeather').then((m) => ({ default: m.WindowWeather })));
import { Link } from 'react-router-dom';
import { totalCost } from '@tripcost/shared/domain';
import { MenuButton, MenuGroup, MenuItem, type CloseMenu } from '../../../components/Menu';
import { digitsOf, formatDateRange, formatMoney } from '../../../lib/format';
import type { Instance, Trip } from '../../../lib/types';
import { VoteButtons } from '../../sharing';
import { cheapestIsStale, SEARCH_KIND_LABELS } from '../freshness';
import { datesInvalid, STATUS_LABELS, statusOf, windowName } from '../rules';
import { FreshnessLine } from './PriceChecks';
import { DuplicateWindow, PICKABLE, useSharedActions, type CommitControl } from './WindowActions';
import { nameActionLabel } from './windowNaming';

interface CardActions {
  commit: CommitControl;
  onDelete: (instance: Instance) => void;
  onFlexDates: (instance: Instance) => void;
}

/** Commit, or on the committed window "Committed ✓" and Clear plan. */
function CommitItems({ window, close, commit }: { window: Instance; close: CloseMenu; commit: CommitControl }) {
  const shared = useSharedActions();
  if (!window.isCommitted) {
    return (
      <MenuItem
        disabled={commit.committingId !== null}
        onSelect={() => {
          close();
          commit.onCommit(window);
        }}
      >
        {commit.committingId === window._id ? 'Committing...' : 'Commit'}
      </MenuItem>
    );
  }
  return (
    <>
      <MenuItem disabled onSelect={() => undefined}>
        Committed ✓
      </MenuItem>
      <MenuItem
        disabled={shared.clearing.has(window._id)}
        onSelect={() => {
          close();
          shared.onClearPlan(window);
        }}
      >
        Clear plan
      </MenuItem>
    </>
  );
}

/** The statuses a person picks (Booked comes from committing), the current one checked. */
function StatusItems({ window, close }: { window: Instance; close: CloseMenu }) {
  const shared = useSharedActions();
  const status = statusOf(window);
  if (window.isCommitted) return null;
  return (
    <MenuGroup label="Status">
      {PICKABLE.map((option) => (
        <MenuItem
          key={option}
          checked={option === status}
          disabled={shared.saving.has(window._id)}
          onSelect={() => {
            close();
            if (option !== status) shared.onStatus(window, option);
          }}
        >
          {STATUS_LABELS[option]}
        </MenuItem>
      ))}
    </MenuGroup>
  );
}

/** "Check prices": searches on well-known sites for the window's dates, each opening a new tab. */
function PriceCheckItems({ window, close }: { window: Instance; close: CloseMenu }) {
  const links = window.search_links ?? [];
  if (links.length === 0) return null;
  return (
    <MenuGroup label="Check prices">
      {links.map((link) => (
        <a
          key={link.url}
          role="menuitem"
          tabIndex={-1}
          className="menu__item"
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => close()}
        >
          {SEARCH_KIND_LABELS[link.kind]} on {link.site}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ))}
    </MenuGroup>
  );
}

/** The card's menu items: each closes the menu, then acts. */
function CardMenuItems({
  window,
  close,
  actions,
  onName,
  onDuplicate,
}: {
  window: Instance;
  close: CloseMenu;
  actions: CardActions;
  onName: () => void;
  onDuplicate: () => void;
}) {
  const name = windowName(window);
  const naming = nameActionLabel(window, formatDateRange(window.trip_start, window.trip_end));
  const flexable = Boolean(window.trip_start && window.trip_end) && !window.dates_invalid;
  // Closes without taking the focus back: what opens next (a field, a dialog, the grid) takes it.
  const then = (act: () => void) => () => {
    close(false);
    act();
  };
  return (
    <>
      <CommitItems window={window} close={close} commit={actions.commit} />
      <MenuItem label={naming.label} onSelect={then(onName)}>
        {naming.words}
      </MenuItem>
      <StatusItems window={window} close={close} />
      <MenuItem label={`Duplicate ${name}`} onSelect={then(onDuplicate)}>
        Duplicate…
      </MenuItem>
      {flexable && (
        <MenuItem label={`Flex dates for ${name}`} onSelect={then(() => actions.onFlexDates(window))}>
          Flex dates
        </MenuItem>
      )}
      <PriceCheckItems window={window} close={close} />
      <MenuItem
        danger
        label={`Delete instance ${name}`}
        onSelect={() => {
          close();
          actions.onDelete(window);
        }}
      >
        Delete
      </MenuItem>
    </>
  );
}

/** The window's total, share, price freshness and marks (Committed, Cheapest, Dates need fixing). */
function CardFigures({ trip, window }: { trip: Trip; window: Instance }) {
  const cheapest = trip.comparison?.cheapestInstanceId === window._id;
  return (
    <>
      <p className="instance-card__total">
        {formatMoney(window.total_cost ?? totalCost(window, digitsOf(trip.currency)), trip.currency)}
      </p>
      {(trip.travelers ?? 1) > 1 && window.per_person !== undefined && (
        <p className="instance-card__share muted">{formatMoney(window.per_person, trip.currency)} per person</p>
      )}
      <FreshnessLine window={window} />
      <div className="instance-card__badges">
        {window.isCommitted && <span className="badge badge--success">Committed</span>}
        {cheapest && (
          <span className="badge badge--cheapest">
            {cheapestIsStale(trip) ? 'Cheapest · prices to re-check' : 'Cheapest'}
          </span>
        )}
        {trip.comparison?.cheapestForEveryoneId === window._id && (
          <span className="badge badge--everyone">Cheapest for everyone</span>
        )}
        {datesInvalid(window) && <span className="badge badge--warning">Dates need fixing</span>}
      </div>
    </>
  );
}

export function WindowCard({
  trip,
  instance,
  editable,
  actions,
}: {
  trip: Trip;
  instance: Instance;
  editable: boolean;
  actions: CardActions;
}) {
  const [naming, setNaming] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const name = windowName(instance);
  const dates = formatDateRange(instance.trip_start, instance.trip_end);
  const status = statusOf(instance);
  return (
    <li
      className={`card instance-card ${instance.isCommitted ? 'instance-card--committed' : ''} ${
        status === 'eliminated' ? 'is-eliminated' : ''
      }`}
    >
      <header className="instance-card__head">
        <hgroup>
          {/* The name is the card's title; without one, the dates are. */}
          <h3 className="instance-card__title">{instance.label || dates}</h3>
          {instance.label && <p className="instance-card__dates">{dates}</p>}
        </hgroup>
        <span className={`status-chip status-chip--${status}`}>{STATUS_LABELS[status]}</span>
      </header>
      <CardFigures trip={trip} window={instance} />
      <Suspense fallback={null}>
        <WindowWeather
          location={trip.trip_location || trip.location_address}
          start={instance.trip_start}
          end={instance.trip_end}
          compact
        />
      </Suspense>
      {trip.members.length > 1 && (
        <VoteButtons
          tripId={trip._id}
          instanceId={instance._id}
          votes={instance.votes}
          worksForEveryone={instance.works_for_everyone}
          label={instance.label || dates}
        />
      )}
      {naming && (
        <Suspense fallback={null}>
          <WindowNameForm tripId={trip._id} window={instance} onDone={() => setNaming(false)} />
        </Suspense>
      )}
      <div className="card__actions instance-card__actions">
        <Link
          className="btn btn--primary btn--sm"
          to={`/trips/${trip._id}/instances/${instance._id}`}
          state={{ trip, instance }}
        >
          View Details
        </Link>
        {editable && (
          <MenuButton label="More" accessibleName={`More actions for ${name}`} menuLabel={`Actions for ${name}`}>
            {(close) => (
              <CardMenuItems
                window={instance}
                close={close}
                actions={actions}
                onName={() => setNaming(true)}
                onDuplicate={() => setDuplicating(true)}
              />
            )}
          </MenuButton>
        )}
      </div>
      {duplicating && <DuplicateWindow tripId={trip._id} window={instance} onClose={() => setDuplicating(false)} />}
    </li>
  );
}
