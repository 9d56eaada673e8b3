import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { SAME_ORIGIN } from './helper.ts';

/** Real images made on the spot, so upload tests need no binary fixtures. */
export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 240, g: 160, b: 20 } },
  })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with GPS coordinates, like a phone photo. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/** Noise compresses badly, so this PNG really is as large as its pixels: about 6.75 MB. */
export async function largePng(): Promise<Buffer> {
  const width = 1500;
  const height = 1500;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp(randomBytes(400 * 300 * 3), {
    raw: { width: 400, height: 300, channels: 3 },
  })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** The start of a zip archive: what a renamed .zip looks like to a server that checks bytes. */
export const zipBytes = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]),
  randomBytes(2048),
]);

/** POSTs one file as multipart/form-data, the way a browser's FormData does. */
export async function uploadFile(
  app: FastifyInstance,
  url: string,
  file: { bytes: Buffer; name: string; type: string },
  cookie?: string,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url,
    headers: {
      origin: SAME_ORIGIN,
      'content-type': request.headers.get('content-type') ?? '',
      ...(cookie ? { cookie } : {}),
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}
