// Launches the system Chromium and saves numbered full-page screenshots.
import fs from 'node:fs';
import path from 'node:path';
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
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  counter += 1;
  const file = path.join(SCREENSHOT_DIR, `${String(counter).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
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
