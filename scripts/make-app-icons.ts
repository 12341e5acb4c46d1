// Draws the installed app's icons (public/icons, named by the web app manifest in vite.config.ts) from
// public/favicon.svg with Chromium, so the repository ships them and the build needs no image library:
// the 192 and 512 px icons as the favicon is, and a maskable 512 px icon (and Apple's 180 px touch icon)
// whose colour runs to the edges with the glyph inside the central safe zone a launcher's mask keeps.
//
//   node --import tsx scripts/make-app-icons.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const PUBLIC = join(import.meta.dirname, '..', 'public');
const favicon = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
const colour = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
if (!colour) throw new Error('public/favicon.svg has no background <rect fill="…">');
const glyph = favicon
  .replace(/<rect[^>]*\/>/, '')
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '');

const sized = (svg: string, size: number) =>
  svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `);
/** The maskable safe zone is the central circle of 80 %; the glyph takes the middle 60 %. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${colour}"/><g transform="translate(12.8 12.8) scale(0.6)">${glyph}</g></svg>`;

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon-180.png', svg: maskable, size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, svg, size } of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<body style="margin:0;background:transparent">${sized(svg, size)}</body>`);
    const path = join(PUBLIC, 'icons', file);
    await page.screenshot({ path, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`wrote ${path}`);
  }
} finally {
  await browser.close();
}
