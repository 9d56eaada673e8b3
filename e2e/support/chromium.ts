/**
 * Debian's Chromium, as every tool here runs it (the journeys, the screen comparison, Lighthouse in
 * the bench): test tools cannot download browsers on these machines, and without the
 * background-networking flags Chromium keeps calling hosts the closed network refuses.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
