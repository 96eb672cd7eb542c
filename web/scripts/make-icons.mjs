// Renders the app icons (web/public/icons/*.png) from the favicon's drawing with the
// system Chromium. Run by hand when the logo changes (`node web/scripts/make-icons.mjs`);
// the PNGs are committed so a build needs neither a browser nor an image library.
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const OUT = new URL('../public/icons/', import.meta.url).pathname;
const TEAL = '#0f766e';
const MOUNTAINS =
  '<path d="M14 40 L28 22 L36 32 L42 26 L52 40 Z" fill="#fff"/><circle cx="44" cy="18" r="5" fill="#fde68a"/>';
// "any": the rounded tile of the favicon. "maskable": a full-bleed square with the drawing
// inside the central 80 % the platforms may crop to.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${TEAL}"/>${MOUNTAINS}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/><g transform="translate(12.8 12.8) scale(0.6)">${MOUNTAINS}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: any },
  { file: 'icon-512.png', size: 512, svg: any },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    writeFileSync(`${OUT}${file}`, await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(`wrote ${icons.length} icons to ${OUT}\n`);
