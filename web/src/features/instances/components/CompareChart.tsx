// The four cost categories of every window as stacked bars (recharts, in its own
// chunk: only the trip page loads it). Categories differ by pattern as well as
// colour, and the legend names them; screen readers get a text summary, and anyone
// can switch to the same numbers as a table ("Show as table").
import { useId, useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatShortDate } from '../../../lib/format';
import type { Instance } from '../../../lib/types';
import { statusOf, windowName } from '../compare';

const CATEGORIES = [
  { key: 'stay_expense', label: 'Stay', color: '#0f766e', pattern: 'solid' },
  { key: 'travel_expense', label: 'Travel', color: '#1d4ed8', pattern: 'stripes' },
  { key: 'car_expense', label: 'Car', color: '#b45309', pattern: 'dots' },
  { key: 'other_expense', label: 'Other', color: '#7e22ce', pattern: 'crosshatch' },
] as const;

type Category = (typeof CATEGORIES)[number];

const ROW_HEIGHT = 30;

/** A short name for the axis: the label, else the start date. */
const shortName = (window: Instance) => window.label || formatShortDate(window.trip_start);

function Pattern({ id, category }: { id: string; category: Category }) {
  const { color, pattern } = category;
  return (
    <pattern id={id} width="8" height="8" patternUnits="userSpaceOnUse">
      <rect width="8" height="8" fill={color} opacity={pattern === 'solid' ? 1 : 0.85} />
      {pattern === 'stripes' && <path d="M-2,10 L10,-2 M-2,2 L2,-2 M6,10 L10,6" stroke="#fff" strokeWidth="2" />}
      {pattern === 'dots' && <circle cx="4" cy="4" r="1.6" fill="#fff" />}
      {pattern === 'crosshatch' && <path d="M0,0 L8,8 M8,0 L0,8" stroke="#fff" strokeWidth="1.2" />}
    </pattern>
  );
}

export default function CompareChart({ windows, cheapestId }: { windows: Instance[]; cheapestId: string | null }) {
  const [asTable, setAsTable] = useState(false);
  const prefix = useId().replace(/:/g, '');
  const patternId = (category: Category) => `${prefix}-${category.pattern}`;
  const rows = useMemo(
    () =>
      windows.map((window) => ({
        id: window._id,
        name: shortName(window),
        eliminated: statusOf(window) === 'eliminated',
        stay_expense: window.stay_expense ?? 0,
        travel_expense: window.travel_expense ?? 0,
        car_expense: window.car_expense ?? 0,
        other_expense: window.other_expense ?? 0,
        total: window.total_cost ?? 0,
      })),
    [windows],
  );
  const summary = useMemo(() => chartSummary(windows, cheapestId), [windows, cheapestId]);
  if (windows.length === 0) return null;

  return (
    <figure className="compare-chart">
      <figcaption className="compare-chart__caption">
        <span className="compare-chart__title">Costs by category</span>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </figcaption>
      <p className="sr-only">{summary}</p>
      <ul className="compare-chart__legend" aria-label="Categories">
        {CATEGORIES.map((category) => (
          <li key={category.key}>
            <svg width="14" height="14" aria-hidden="true">
              <rect width="14" height="14" rx="3" fill={`url(#${patternId(category)})`} />
            </svg>
            {category.label}
          </li>
        ))}
      </ul>
      {asTable ? (
        <div className="compare__scroll">
          <table className="compare__table compare-chart__table">
            <caption className="sr-only">Costs by category for each window</caption>
            <thead>
              <tr>
                <th scope="col">Window</th>
                {CATEGORIES.map((category) => (
                  <th scope="col" key={category.key}>
                    {category.label}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {windows.map((window, index) => (
                <tr key={window._id} className={rows[index].eliminated ? 'is-eliminated' : undefined}>
                  <th scope="row">{windowName(window)}</th>
                  {CATEGORIES.map((category) => (
                    <td key={category.key}>{formatMoney(rows[index][category.key])}</td>
                  ))}
                  <td>{formatMoney(rows[index].total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="compare-chart__plot" aria-hidden="true">
          {/* Patterns live in their own SVG so the legend and the bars can both use them. */}
          <svg width="0" height="0" className="compare-chart__defs">
            <defs>
              {CATEGORIES.map((category) => (
                <Pattern key={category.key} id={patternId(category)} category={category} />
              ))}
            </defs>
          </svg>
          {/* Drawn at once at a typical width, then fitted when the container is measured. */}
          <ResponsiveContainer
            width="100%"
            height={40 + rows.length * ROW_HEIGHT}
            initialDimension={{ width: 600, height: 40 + rows.length * ROW_HEIGHT }}
          >
            <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }}>
              <CartesianGrid horizontal={false} strokeDasharray="3 3" />
              <XAxis type="number" tickFormatter={(value: number) => formatMoney(value, 0)} fontSize={12} />
              <YAxis type="category" dataKey="name" width={96} fontSize={12} interval={0} />
              <Tooltip formatter={(value) => formatMoney(Number(value))} />
              {CATEGORIES.map((category) => (
                <Bar
                  key={category.key}
                  dataKey={category.key}
                  name={category.label}
                  stackId="cost"
                  fill={`url(#${patternId(category)})`}
                  stroke={category.color}
                  isAnimationActive={false}
                >
                  {rows.map((row) => (
                    <Cell
                      key={row.id}
                      fillOpacity={row.eliminated ? 0.3 : 1}
                      strokeOpacity={row.eliminated ? 0.3 : 1}
                    />
                  ))}
                </Bar>
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}

/** What the chart shows, in words. */
export function chartSummary(windows: Instance[], cheapestId: string | null): string {
  if (windows.length === 0) return 'No windows to chart.';
  const cheapest = windows.find((window) => window._id === cheapestId);
  const parts = windows.map(
    (window) =>
      `${windowName(window)}: ${formatMoney(window.total_cost ?? 0)} (stay ${formatMoney(window.stay_expense ?? 0)}, travel ${formatMoney(
        window.travel_expense ?? 0,
      )}, car ${formatMoney(window.car_expense ?? 0)}, other ${formatMoney(window.other_expense ?? 0)})${
        statusOf(window) === 'eliminated' ? ', eliminated' : ''
      }.`,
  );
  const lead = `Stacked costs of ${windows.length} window${windows.length === 1 ? '' : 's'}.`;
  const best = cheapest ? ` Cheapest: ${windowName(cheapest)} at ${formatMoney(cheapest.total_cost ?? 0)}.` : '';
  return `${lead}${best} ${parts.join(' ')}`;
}
