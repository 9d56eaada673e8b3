/**
 * Screens of two checkouts side by side: the same seeded content, served by each checkout's own
 * server, photographed in the same browser, compared pixel by pixel. Written to show that the
 * move from Preact to React (docs/decisions/018) changed nothing a user sees; since extended to
 * what a clean-up of the web code touches: both sign-in forms and their second-factor step, the
 * account and settings cards, and the admin panels (users, signals, community posts, reports,
 * settings).
 *
 *   cd /work/main && node --import tsx e2e/scripts/compare-screens.ts [out-dir]
 *
 * SCREENS=admin-settings,login (slugs, as in the file names) takes only those screens again.
 *
 * Checkouts: BASELINE_DIR (default /work/baseline) and this repository; each must be built
 * (apps/web/dist and apps/web/dist-ssr). Out-dir (default /tmp/screens) receives
 * baseline/, main/ and diff/ PNGs, seed.json and report.md. The exit code is 0 whatever the
 * differences (this is a report), 1 when a screen could not be taken.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { freePort, stop, waitForHttp } from '../../bench/lib/processes.ts';
import { client, registerMember, seedPublicPages } from '../../bench/lib/public-pages.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const outDir = path.resolve(process.argv[2] ?? '/tmp/screens');
const checkouts = [
  { name: 'baseline', dir: path.resolve(process.env.BASELINE_DIR ?? '/work/baseline') },
  { name: 'main', dir: repoRoot },
] as const;

const WIDTHS = [375, 1440] as const;
/** Only the layout of `100vh` elements depends on it: the screenshots are of the full page. */
const VIEWPORT_HEIGHT: Record<(typeof WIDTHS)[number], number> = { 375: 812, 1440: 900 };
const THEMES = ['light', 'dark'] as const;
/** The app's saved theme (apps/web/src/lib/theme.ts, public/first-paint.js). */
const THEME_STORAGE_KEY = 'btcp-theme';
/** A pixel differs when one of its channels differs by more than this (0-255). */
const CHANNEL_THRESHOLD = 8;
/** After the network is idle and the fonts are in: time for hydration and its second render. */
const HYDRATION_WAIT_MS = 1_500;
/**
 * Every page is shown at the same moment, this long after seeding, in both runs: relative times
 * ('1 hour ago') then read the same (they follow the browser's clock once hydrated).
 */
const CLOCK_AFTER_SEED_MS = 60 * 60 * 1000;
/** Seeds the pages' Math.random (mulberry32), the same in both runs. */
const RANDOM_SEED = 20_261_125;

const PASSWORD = 'screens password 123';
const MEMBER = { email: 'screens-member@example.com', password: PASSWORD };
/** Members and admins with two-factor on, whose sign-in stops at the second step. */
const TWO_FACTOR_MEMBER = { email: 'screens-2fa-member@example.com', password: PASSWORD };
const TWO_FACTOR_ADMIN = { email: 'screens-2fa-admin@example.com', password: PASSWORD };
/** The first admin, made by seedPublicPages (bench/lib/public-pages.ts). */
const SEEDED_ADMIN = { email: 'bench-admin@example.com', password: 'bench password 123' };
/** The session cookies of a production server (apps/server/src/modules/auth/sessions.ts). */
const SESSION_COOKIES = {
  member: '__Host-btcp_session',
  admin: '__Host-btcp_admin_session',
} as const;

const FREEZE_MOTION = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}`;

type Theme = (typeof THEMES)[number];
/** Who looks at a screen: nobody signed in, the member, or the admin. */
type Viewer = 'visitor' | keyof typeof SESSION_COOKIES;
const VIEWERS: Viewer[] = ['visitor', 'member', 'admin'];
interface Screen {
  slug: string;
  /** Path and query, e.g. /admin/users?tab=signals. */
  path: string;
  viewer: Viewer;
  /** A sign-in form shown at its second step: these credentials typed and sent first. */
  signInAs?: { email: string; password: string; button: string };
}
interface Seed {
  screens: Screen[];
  sessions: Record<keyof typeof SESSION_COOKIES, string>;
  /** The moment every page is shown at (ms since the epoch). */
  clock: number;
}

/** Servers still running, stopped on the way out whatever happens. */
const running = new Set<ChildProcess>();

async function startServer(cwd: string, dataDir: string, port: number, logName: string) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The same origin in every run, so links the pages print (a referral link) read the same.
      APP_ORIGIN: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_IP: '10000',
      RATE_LIMIT_AUTH_PER_ACCOUNT: '10000',
      RATE_LIMIT_COMMUNITY_POSTS_PER_HOUR: '10000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${logName}] ${chunk}`));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${logName} server exited with ${code}`))),
  );
  exited.catch(() => {});
  await Promise.race([waitForHttp(`${url}/api/health`, 120_000), exited]);
  return { url, child };
}

async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stop(child)));
}

/**
 * Signs in and answers the session cookie's value. Signed in while seeding, so both runs find the
 * same session in their copy of the data.
 */
async function sessionToken(url: string, viewer: keyof typeof SESSION_COOKIES, body: object) {
  const loginPath = viewer === 'admin' ? '/api/admin-auth/login' : '/api/auth/login';
  const response = await fetch(`${url}${loginPath}`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${loginPath}: ${response.status} ${await response.text()}`);
  const name = SESSION_COOKIES[viewer];
  const token = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!token) throw new Error(`${loginPath} set no session cookie`);
  return token;
}

/** Turns two-factor on for a signed-in client (decision 027): the key confirmed with its code. */
async function turnOnTwoFactor(signedIn: ReturnType<typeof client>, prefix: string) {
  const { secret } = (await signedIn.request('POST', `${prefix}/enrolment`)) as { secret: string };
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  await signedIn.request('POST', `${prefix}/enrolment/confirm`, { code });
}

/** A member and an admin with two-factor on, for the sign-in forms' second step. */
async function seedTwoFactor(url: string, dataDir: string) {
  await registerMember(url, dataDir, TWO_FACTOR_MEMBER);
  const member = client(url);
  await member.request('POST', '/api/auth/login', TWO_FACTOR_MEMBER);
  await turnOnTwoFactor(member, '/api/account/two-factor');

  const seededAdmin = client(url);
  await seededAdmin.request('POST', '/api/admin-auth/login', SEEDED_ADMIN);
  await seededAdmin.request('POST', '/api/admin-auth/create', {
    ...TWO_FACTOR_ADMIN,
    confirmPassword: TWO_FACTOR_ADMIN.password,
  });
  const admin = client(url);
  await admin.request('POST', '/api/admin-auth/login', TWO_FACTOR_ADMIN);
  await turnOnTwoFactor(admin, '/api/admin/two-factor');
}

async function seed(dataDir: string, port: number): Promise<Seed> {
  const server = await startServer(repoRoot, dataDir, port, 'seed');
  try {
    const pages = await seedPublicPages(server.url, dataDir);
    await registerMember(server.url, dataDir, MEMBER);
    await seedTwoFactor(server.url, dataDir);
    const sessions = {
      member: await sessionToken(server.url, 'member', { ...MEMBER, remember: true }),
      admin: await sessionToken(server.url, 'admin', SEEDED_ADMIN),
    };
    return {
      screens: [
        { slug: 'home', path: '/', viewer: 'visitor' },
        { slug: 'blog', path: '/blog', viewer: 'visitor' },
        { slug: 'blog-post', path: pages.blogPostPath, viewer: 'visitor' },
        { slug: 'community', path: '/community', viewer: 'visitor' },
        { slug: 'community-post', path: pages.communityPostPath, viewer: 'visitor' },
        { slug: 'login', path: '/login', viewer: 'visitor' },
        {
          slug: 'login-second-step',
          path: '/login',
          viewer: 'visitor',
          signInAs: { ...TWO_FACTOR_MEMBER, button: 'Sign In' },
        },
        { slug: 'admin-login', path: '/admin-login', viewer: 'visitor' },
        {
          slug: 'admin-login-second-step',
          path: '/admin-login',
          viewer: 'visitor',
          signInAs: { ...TWO_FACTOR_ADMIN, button: 'Login' },
        },
        { slug: 'dashboard', path: '/dashboard', viewer: 'member' },
        { slug: 'account', path: '/account', viewer: 'member' },
        { slug: 'admin-users', path: '/admin/users', viewer: 'admin' },
        { slug: 'admin-signals', path: '/admin/users?tab=signals', viewer: 'admin' },
        { slug: 'admin-community', path: '/admin/community', viewer: 'admin' },
        { slug: 'admin-reports', path: '/admin/community?tab=reports', viewer: 'admin' },
        { slug: 'admin-settings', path: '/admin/settings', viewer: 'admin' },
      ],
      sessions,
      clock: Date.now() + CLOCK_AFTER_SEED_MS,
    };
  } finally {
    await stop(server.child);
  }
}

const fileName = (screen: Screen, width: number, theme: Theme) =>
  `${screen.slug}-${width}-${theme}.png`;

async function newContext(
  browser: Browser,
  seeded: Seed,
  width: (typeof WIDTHS)[number],
  theme: Theme,
  viewer: Viewer,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: VIEWPORT_HEIGHT[width] },
    deviceScaleFactor: 1,
    colorScheme: theme,
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  await context.clock.setFixedTime(seeded.clock);
  await context.addInitScript(
    ([key, value]) => {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage
      }
    },
    [THEME_STORAGE_KEY, theme] as const,
  );
  // The same "random" numbers in every page: the landing page's coins (coin-canvas.tsx) are placed
  // with Math.random, and would otherwise land elsewhere at every load, whatever the checkout. The
  // sequence starts again whenever a canvas is drawn on, so the coins do not depend on how many
  // numbers the framework and the app drew before.
  await context.addInitScript((seed) => {
    let state = seed;
    Math.random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      ...args: Parameters<HTMLCanvasElement['getContext']>
    ) {
      state = seed;
      return getContext.apply(this, args);
    } as HTMLCanvasElement['getContext'];
  }, RANDOM_SEED);
  if (viewer !== 'visitor') {
    await context.addCookies([
      {
        name: SESSION_COOKIES[viewer],
        value: seeded.sessions[viewer],
        domain: '127.0.0.1',
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
  }
  return context;
}

/** Opens the page, lets it settle, and writes its full-page screenshot. */
async function capture(context: BrowserContext, url: string, screen: Screen, file: string) {
  const page = await context.newPage();
  try {
    const response = await page.goto(`${url}${screen.path}`, { waitUntil: 'load' });
    if (!response || response.status() >= 400) {
      throw new Error(`${screen.path}: HTTP ${response?.status() ?? 'no response'}`);
    }
    // A page holding an event stream open never goes idle: it settles on the other waits then.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    if (screen.signInAs) {
      await page.getByLabel('Email').fill(screen.signInAs.email);
      await page.getByLabel('Password').fill(screen.signInAs.password);
      await page.getByRole('button', { name: screen.signInAs.button, exact: true }).click();
      await page.getByLabel('Authentication code').waitFor({ timeout: 10_000 });
    }
    await page.addStyleTag({ content: FREEZE_MOTION });
    await page.evaluate(async () => {
      await document.fonts.ready;
      // A full-page screenshot shows images below the fold, which lazy loading has not fetched.
      for (const image of Array.from(document.images)) image.loading = 'eager';
      await Promise.all(
        Array.from(document.images).map((image) =>
          image.complete
            ? undefined
            : new Promise((resolve) => {
                image.addEventListener('load', resolve, { once: true });
                image.addEventListener('error', resolve, { once: true });
              }),
        ),
      );
    });
    await page.waitForTimeout(HYDRATION_WAIT_MS);
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await page.evaluate(() => document.fonts.ready);
    const landed = new URL(page.url());
    if (landed.pathname + landed.search !== screen.path) {
      throw new Error(`${screen.path}: landed on ${landed.pathname}${landed.search}`);
    }
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  } finally {
    await page.close();
  }
}

/** One checkout's run: its server on a copy of the seeded data, every screen photographed. */
async function photograph(
  browser: Browser,
  checkout: (typeof checkouts)[number],
  seedDir: string,
  port: number,
  seeded: Seed,
  failures: string[],
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `btcp-screens-${checkout.name}-`));
  await cp(seedDir, dataDir, { recursive: true });
  const folder = path.join(outDir, checkout.name);
  await mkdir(folder, { recursive: true });
  const server = await startServer(checkout.dir, dataDir, port, checkout.name);
  try {
    for (const width of WIDTHS) {
      for (const theme of THEMES) {
        for (const viewer of VIEWERS) {
          const screens = seeded.screens.filter((screen) => screen.viewer === viewer);
          const context = await newContext(browser, seeded, width, theme, viewer);
          try {
            for (const screen of screens) {
              const file = path.join(folder, fileName(screen, width, theme));
              try {
                await capture(context, server.url, screen, file);
                console.log(`${checkout.name}: ${screen.path} ${width}px ${theme}`);
              } catch (error) {
                const message = `${checkout.name} ${screen.path} ${width}px ${theme}: ${(error as Error).message}`;
                console.error(message);
                failures.push(message);
              }
            }
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await stop(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface Comparison {
  sizeA: string;
  sizeB: string;
  differing: string;
  percent: string;
}

/** Counts the differing pixels and writes the diff: image A faded to grey, differences in red. */
async function compare(fileA: string, fileB: string, diffFile: string): Promise<Comparison> {
  const [a, b] = await Promise.all(
    [fileA, fileB].map((file) =>
      sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    ),
  );
  if (!a || !b) throw new Error('unreadable screenshot');
  const size = (image: typeof a) => `${image.info.width}x${image.info.height}`;
  const width = Math.min(a.info.width, b.info.width);
  const height = Math.min(a.info.height, b.info.height);
  const diff = Buffer.alloc(width * height * 4);
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offsetA = (y * a.info.width + x) * 4;
      const offsetB = (y * b.info.width + x) * 4;
      const offset = (y * width + x) * 4;
      let delta = 0;
      for (let channel = 0; channel < 4; channel++) {
        delta = Math.max(
          delta,
          Math.abs((a.data[offsetA + channel] ?? 0) - (b.data[offsetB + channel] ?? 0)),
        );
      }
      if (delta > CHANNEL_THRESHOLD) {
        differing++;
        diff.set([255, 0, 0, 255], offset);
      } else {
        const grey =
          0.299 * (a.data[offsetA] ?? 0) +
          0.587 * (a.data[offsetA + 1] ?? 0) +
          0.114 * (a.data[offsetA + 2] ?? 0);
        const faded = Math.round(255 - (255 - grey) * 0.25);
        diff.set([faded, faded, faded, 255], offset);
      }
    }
  }
  await sharp(diff, { raw: { width, height, channels: 4 } })
    .png()
    .toFile(diffFile);
  const sameSize = a.info.width === b.info.width && a.info.height === b.info.height;
  const percent = ((differing / (width * height)) * 100).toFixed(3);
  return {
    sizeA: size(a),
    sizeB: size(b),
    differing: sameSize ? String(differing) : `sizes differ (${differing} in overlap)`,
    percent: sameSize ? `${percent}%` : `(${percent}% of overlap)`,
  };
}

function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [
    line(head ?? []),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

async function main() {
  // No screenshot of an earlier run may stand in for one this run failed to take.
  for (const folder of [...checkouts.map((checkout) => checkout.name), 'diff']) {
    await rm(path.join(outDir, folder), { recursive: true, force: true });
  }
  await mkdir(outDir, { recursive: true });
  const seedDir = await mkdtemp(path.join(tmpdir(), 'btcp-screens-seed-'));
  // One port for every server: the origin shows on some pages (a referral link).
  const port = await freePort();
  const failures: string[] = [];
  let browser: Browser | undefined;
  try {
    const seeded = await seed(seedDir, port);
    const only = process.env.SCREENS?.split(',');
    if (only) seeded.screens = seeded.screens.filter((screen) => only.includes(screen.slug));
    await writeFile(path.join(outDir, 'seed.json'), `${JSON.stringify(seeded, null, 2)}\n`);
    console.log(`Seeded ${seedDir}; pages shown at ${new Date(seeded.clock).toISOString()}`);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    for (const checkout of checkouts) {
      await photograph(browser, checkout, seedDir, port, seeded, failures);
    }

    await mkdir(path.join(outDir, 'diff'), { recursive: true });
    const rows = [
      ['page', 'width', 'theme', 'size A (baseline)', 'size B (main)', 'differing pixels', '%'],
    ];
    for (const screen of seeded.screens) {
      for (const width of WIDTHS) {
        for (const theme of THEMES) {
          const name = fileName(screen, width, theme);
          const [fileA, fileB] = checkouts.map((checkout) =>
            path.join(outDir, checkout.name, name),
          );
          try {
            const result = await compare(fileA ?? '', fileB ?? '', path.join(outDir, 'diff', name));
            rows.push([
              screen.path,
              String(width),
              theme,
              result.sizeA,
              result.sizeB,
              result.differing,
              result.percent,
            ]);
          } catch (error) {
            rows.push([screen.path, String(width), theme, '-', '-', 'not captured', '-']);
            failures.push(`compare ${name}: ${(error as Error).message}`);
          }
        }
      }
    }
    const report = table(rows);
    await writeFile(path.join(outDir, 'report.md'), `${report}\n`);
    console.log(`\n${report}\n\nScreens in ${outDir}/{baseline,main,diff}`);
  } finally {
    await browser?.close();
    await stopAll();
    await rm(seedDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\n${failures.length} screen(s) not captured:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exitCode = 1;
});
