// What every bench returns and how the runner prints it: one row per measure, with
// the side-by-side comparison it rests on, the target and whether it was met.
import { pathToFileURL } from 'node:url';

/**
 * @typedef {object} Row
 * @property {string} measure      what is measured
 * @property {string} comparison   the side-by-side numbers it is based on
 * @property {string} result       the measured value, formatted
 * @property {string} target       the goal, formatted
 * @property {boolean | null} pass null when there is no target (context rows)
 */

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export const ms = (value) => `${Number(value).toFixed(value < 10 ? 2 : 1)} ms`;
export const ratio = (value) => `${value.toFixed(2)}×`;

/** True when the module was started as `node bench/<file>.mjs`, not imported by the runner. */
export const isMain = (moduleUrl) => process.argv[1] && moduleUrl === pathToFileURL(process.argv[1]).href;

export const verdict = (pass) => (pass === null ? '' : pass ? 'pass' : 'MISS');

export function formatTable(rows) {
  const table = [
    ['measure', 'side by side', 'result', 'target', ''],
    ...rows.map((row) => [row.measure, row.comparison, row.result, row.target, verdict(row.pass)]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((line) => line[i].length)));
  return table
    .flatMap((line, i) => {
      const text = line
        .map((cell, c) => cell.padEnd(widths[c]))
        .join('  ')
        .trimEnd();
      return i === 0 ? [text, widths.map((w) => '-'.repeat(w)).join('  ')] : [text];
    })
    .join('\n');
}

export function markdownTable(rows) {
  const escape = (cell) => cell.replaceAll('|', '\\|');
  return [
    '| measure | side by side | result | target | |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${escape(row.measure)} | ${escape(row.comparison)} | ${escape(row.result)} | ${escape(row.target)} | ${verdict(row.pass)} |`,
    ),
  ].join('\n');
}

/** For `node bench/<file>.mjs`: run one bench and print its rows. */
export async function runAlone(run) {
  const smoke = process.argv.includes('--smoke');
  const rows = await run({ smoke, log: (line) => process.stderr.write(`${line}\n`) });
  console.log(formatTable(rows));
}
