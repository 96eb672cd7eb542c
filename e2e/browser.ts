// Launches the system Chromium, saves numbered full-page screenshots, and audits every
// screenshotted screen with axe-core (WCAG 2.1 A and AA rules).
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
export const SCREENSHOT_DIR = path.join(__dirname, 'screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

let counter = 0;
/** Saves a screenshot of the screen as the user sees it, then audits it (see `audit`). */
export async function shot(page: Page, name: string, { a11y = true } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  counter += 1;
  const file = path.join(SCREENSHOT_DIR, `${String(counter).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (a11y) await audit(page, name);
}

export interface A11yFinding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending nodes, and axe's summary for the first one. */
  targets: string[];
  summary: string;
}

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** What the suite fails on; moderate and minor findings are reported but do not fail. */
export const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
export const a11y = { screens: [] as string[], findings: [] as A11yFinding[] };

/** Runs axe-core on the page as it is now (open modals and menus included) and records what it finds. */
export async function audit(page: Page, screen: string): Promise<A11yFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const findings = results.violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary ?? '',
  }));
  a11y.screens.push(screen);
  a11y.findings.push(...findings);
  return findings;
}

/** Writes every finding of this suite beside the screenshots, for a human to read. */
export function writeA11yReport(suite: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `a11y-${suite}.json`);
  fs.writeFileSync(file, `${JSON.stringify(a11y, null, 2)}\n`);
  return file;
}

/** The serious and critical findings so far, one readable line each. */
export function blockingFindings(): string[] {
  return a11y.findings
    .filter((finding) => BLOCKING_IMPACTS.has(finding.impact))
    .map(
      (finding) =>
        `${finding.screen}: ${finding.impact} ${finding.rule} (${finding.help}) at ${finding.targets.join(', ')}`,
    );
}

/** Fails fast with a clear message when the product is not running. */
export async function assertProductRunning(): Promise<void> {
  try {
    const res = await fetch(`${BASE_URL}/api/user/refresh_token`);
    if (!res.headers.get('content-type')?.includes('json')) throw new Error(`unexpected content-type from ${BASE_URL}`);
  } catch (error) {
    throw new Error(`The product is not answering at ${BASE_URL} (start it with npm start): ${String(error)}`);
  }
}

/**
 * The steps of one suite's journey, run in order: once a step fails, the later ones
 * stop at once instead of each timing out, and the screen it failed on is saved (not
 * audited) as `FAILED-<suite>-<step>.png`. `page` is read when a step fails.
 */
export function journeySteps(suite: string, page: () => Page) {
  let brokenAt: string | null = null;
  return {
    step(name: string, fn: () => Promise<void>) {
      it(name, async () => {
        if (brokenAt) throw new Error(`not run: the step "${brokenAt}" failed`);
        try {
          await fn();
        } catch (error) {
          brokenAt = name;
          await shot(page(), `FAILED-${suite}-${name.replace(/\W+/g, '-')}`, { a11y: false }).catch(() => undefined);
          throw error;
        }
      });
    },
    /** The step that failed, if one did. */
    brokenAt: () => brokenAt,
  };
}
