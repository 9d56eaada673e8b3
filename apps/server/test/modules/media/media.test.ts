import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { media, mediaBlobs } from '#server/db/schema.ts';
import { ORPHAN_MEDIA_AGE_MS, purgeOrphanMedia } from '#server/modules/media/service.ts';
import { createDiskStorage, type MediaStorage } from '#server/modules/media/storage.ts';
import { adminCookie, signedUpAuthor, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, makeWebDist, openAgain, type TestApp } from '#server-test/helper.ts';
import {
  jpegWithGps,
  largePng,
  pngImage,
  svgImage,
  truncatedJpeg,
  uploadFile,
  zipBytes,
} from '#server-test/images.ts';

const COVER_URL = '/api/admin/media/blog-cover';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCookie(t.app);
  member = await signedUpAuthor(t.app, 'uploader@example.com');
});
afterAll(() => t.close());

/** What is stored: files in the data folder (embedded database) or rows (PostgreSQL server). */
async function storedFiles(app: TestApp) {
  const rows = await app.database.db.select({ key: mediaBlobs.key }).from(mediaBlobs);
  try {
    const files = await readdir(path.join(app.config.dataDir, 'media'));
    return [...files, ...rows.map((row) => row.key)].sort();
  } catch {
    return rows.map((row) => row.key).sort();
  }
}
async function mediaRows(app: TestApp) {
  const [row] = await app.database.db.select({ value: count() }).from(media);
  return row?.value ?? 0;
}

describe('image uploads (D14, D23)', () => {
  it('stores a PNG named .jpg as the PNG it is, with a card variant, served with a year of caching', async () => {
    const response = await uploadFile(
      t.app,
      COVER_URL,
      { bytes: await pngImage(3000, 1500), name: 'holiday.jpg', type: 'image/jpeg' },
      admin,
    );
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json();
    expect(stored).toMatchObject({ mimeType: 'image/png', width: 2048, height: 1024 });
    expect(stored.url).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);

    const file = await t.app.inject({ method: 'GET', url: stored.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('png');

    const card = await t.app.inject({ method: 'GET', url: stored.cardUrl });
    expect(card.statusCode).toBe(200);
    expect((await sharp(card.rawPayload).metadata()).width).toBe(800);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'serves an image stored by one process from another, on another machine (PostgreSQL)',
    async () => {
      const response = await uploadFile(
        t.app,
        COVER_URL,
        { bytes: await pngImage(1200, 600), name: 'shared.png', type: 'image/png' },
        admin,
      );
      expect(response.statusCode, response.body).toBe(201);
      // Another process with a data folder of its own: only the database is shared.
      const other = await buildApp({
        config: {
          ...t.config,
          dataDir: `${t.config.dataDir}-elsewhere`,
          webDistDir: await makeWebDist(),
        },
        database: await openAgain(t.database),
        logger: false,
        runJobs: false,
      });
      try {
        for (const url of [response.json().url, response.json().cardUrl]) {
          const file = await other.inject({ method: 'GET', url });
          expect(file.statusCode).toBe(200);
          expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect((await sharp(file.rawPayload).metadata()).format).toBe('png');
        }
      } finally {
        await other.close();
      }
    },
  );

  it('removes EXIF, GPS included, from an uploaded JPEG', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from('TestPhone'))).toBe(true);
    const response = await uploadFile(
      t.app,
      COVER_URL,
      { bytes: original, name: 'photo.jpg', type: 'image/jpeg' },
      admin,
    );
    expect(response.statusCode, response.body).toBe(201);
    const file = await t.app.inject({ method: 'GET', url: response.json().url });
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);
  });

  it.each([
    ['an SVG', () => svgImage, 'drawing.svg', 'image/svg+xml', 415],
    ['a zip named .png', () => zipBytes, 'archive.png', 'image/png', 415],
    ['a truncated JPEG', truncatedJpeg, 'broken.jpg', 'image/jpeg', 400],
    ['a 6 MB image', largePng, 'huge.png', 'image/png', 413],
  ] as const)('refuses %s and stores nothing', async (_, make, name, type, status) => {
    const filesBefore = await storedFiles(t);
    const rowsBefore = await mediaRows(t);
    const bytes = await make();
    const response = await uploadFile(t.app, COVER_URL, { bytes, name, type }, admin);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.message).toMatch(/image|JPEG|5MB/i);
    expect(await storedFiles(t)).toEqual(filesBefore);
    expect(await mediaRows(t)).toBe(rowsBefore);
  });

  it('says what it wants when the request is not multipart', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: COVER_URL,
      headers: { origin: 'http://localhost:80', cookie: admin, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toMatch(/multipart\/form-data/);
  });

  it('lets only staff upload covers', async () => {
    const user = await signedUpUser(t.app, 'cover-user@example.com');
    const bytes = await pngImage();
    const asUser = await uploadFile(
      t.app,
      COVER_URL,
      { bytes, name: 'a.png', type: 'image/png' },
      user,
    );
    expect(asUser.statusCode).toBe(403);
    const asVisitor = await uploadFile(t.app, COVER_URL, {
      bytes,
      name: 'a.png',
      type: 'image/png',
    });
    expect(asVisitor.statusCode).toBe(401);
  });

  it('answers 404 for a missing image and for a key that is not one', async () => {
    for (const url of [
      '/media/00000000-0000-0000-0000-000000000000.png',
      '/media/..%2F..%2Fetc%2Fpasswd',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('uploads that ask too much', () => {
  it('refuses two files in one request and stores neither', async () => {
    const form = new FormData();
    for (const name of ['a.png', 'b.png']) {
      const png = await pngImage(40, 30);
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
    }
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const before = { files: await storedFiles(t), rows: await mediaRows(t) };
    for (const url of [COVER_URL, '/api/community/images']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          origin: 'http://localhost:80',
          'content-type': request.headers.get('content-type') ?? '',
          cookie: url === COVER_URL ? admin : member,
        },
        payload,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().error.message).toBe('Send one image at a time.');
    }
    expect(await storedFiles(t)).toEqual(before.files);
    expect(await mediaRows(t)).toBe(before.rows);
  });

  it('refuses a small GIF that declares tens of megapixels before decoding it', async () => {
    // 7000 × 7000 of one colour: about 67 KB on the wire, ~200 MB once decoded.
    const bomb = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: '#f7931a' },
    })
      .gif()
      .toBuffer();
    expect(bomb.length).toBeLessThan(200_000);
    const response = await uploadFile(
      t.app,
      '/api/community/images',
      { bytes: bomb, name: 'bomb.gif', type: 'image/gif' },
      member,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toMatch(/megapixels/);
  });
});

describe('a half-finished upload', () => {
  it('answers a multipart body cut short with a 400 and stores nothing', async () => {
    const form = new FormData();
    const png = await pngImage(400, 300);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const whole = Buffer.from(await request.arrayBuffer());
    const before = { files: await storedFiles(t), rows: await mediaRows(t) };
    // Cut inside the file, and cut before the headers of the part end.
    for (const cut of [Math.floor(whole.length / 2), 60]) {
      for (const url of [COVER_URL, '/api/community/images']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            origin: 'http://localhost:80',
            'content-type': request.headers.get('content-type') ?? '',
            cookie: url === COVER_URL ? admin : member,
          },
          payload: whole.subarray(0, cut),
        });
        expect(response.statusCode, `${url} cut at ${cut}: ${response.body}`).toBe(400);
        expect(response.json().error.message).toMatch(/incomplete/i);
      }
    }
    expect(await storedFiles(t)).toEqual(before.files);
    expect(await mediaRows(t)).toBe(before.rows);
  });

  it('leaves no file and no row when storing the second file fails', async () => {
    let directory = '';
    let puts = 0;
    const failing: MediaStorage = {
      async put(key, data) {
        puts += 1;
        if (puts === 2) throw new Error('disk full');
        await createDiskStorage(directory).put(key, data);
      },
      open: (key) => createDiskStorage(directory).open(key),
      remove: (key) => createDiskStorage(directory).remove(key),
    };
    const broken = await createTestApp({ mediaStorage: failing });
    directory = path.join(broken.config.dataDir, 'media');
    try {
      const cookie = await adminCookie(broken.app);
      const response = await uploadFile(
        broken.app,
        COVER_URL,
        { bytes: await pngImage(), name: 'a.png', type: 'image/png' },
        cookie,
      );
      expect(response.statusCode).toBe(500);
      expect(await storedFiles(broken)).toEqual([]);
      expect(await mediaRows(broken)).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('orphaned uploads', () => {
  it('are removed a day later, files and row, unless a post uses them', async () => {
    const upload = async () =>
      (
        await uploadFile(
          t.app,
          COVER_URL,
          { bytes: await pngImage(), name: 'a.png', type: 'image/png' },
          admin,
        )
      ).json() as { id: string; url: string; cardUrl: string };
    const used = await upload();
    const orphan = await upload();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      headers: { origin: 'http://localhost:80', cookie: admin },
      payload: { title: 'Keeps its cover', content: 'x', coverImageId: used.id },
    });
    expect(created.statusCode).toBe(201);

    expect(await purgeOrphanMedia(t.database.db, t.app.mediaStorage, new Date())).toBe(0);
    const dayLater = new Date(Date.now() + ORPHAN_MEDIA_AGE_MS + 60_000);
    expect(await purgeOrphanMedia(t.database.db, t.app.mediaStorage, dayLater)).toBeGreaterThan(0);
    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await status(orphan.url)).toBe(404);
    expect(await status(orphan.cardUrl)).toBe(404);
    expect(await status(used.url)).toBe(200);
    expect(await status(used.cardUrl)).toBe(200);
  });
});
