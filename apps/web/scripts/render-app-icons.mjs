// Renders the installed app's icons (public/icons/*.png, named in pwa.config.ts) from the site's
// mark, public/favicon.svg, in Debian's Chromium. Run once when the mark changes, and commit the
// PNGs: the build copies them as they are. `node apps/web/scripts/render-app-icons.mjs`
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const iconsDir = path.join(webDir, 'public/icons');
const mark = readFileSync(path.join(webDir, 'public/favicon.svg'), 'utf8');
const markUrl = `data:image/svg+xml;base64,${Buffer.from(mark).toString('base64')}`;

/** The app's dark background (src/styles.css), behind the mark where a platform wants no transparency. */
const BACKGROUND = '#0b0f19';

/**
 * `any`: the coin alone on a transparent square. `maskable` (and Apple's touch icon, which
 * cannot be transparent): the coin on the dark background, 70 % wide, inside the centred circle
 * of 80 % that every platform's mask keeps.
 */
const icons = [
  { file: 'icon-192.png', size: 192, inset: 0, background: 'transparent' },
  { file: 'icon-512.png', size: 512, inset: 0, background: 'transparent' },
  { file: 'icon-maskable-192.png', size: 192, inset: 0.15, background: BACKGROUND },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.15, background: BACKGROUND },
  { file: 'apple-touch-icon.png', size: 180, inset: 0.12, background: BACKGROUND },
];

mkdirSync(iconsDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const margin = Math.round(icon.size * icon.inset);
    await page.setContent(
      `<html><body style="margin:0;background:${icon.background}">` +
        `<img src="${markUrl}" style="display:block;margin:${margin}px;width:${icon.size - 2 * margin}px;height:${icon.size - 2 * margin}px"></body></html>`,
    );
    await page.screenshot({
      path: path.join(iconsDir, icon.file),
      omitBackground: icon.background === 'transparent',
    });
    await page.close();
  }
} finally {
  await browser.close();
}
