import {
  ErrorCode,
  MEDIA_CARD_WIDTH,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_SIDE,
  mediaMessages,
} from '@btcp/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError, badRequest } from '#server/errors.ts';

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

const formats: Record<string, { mime: ImageMime; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
};

/** About 50 megapixels: more than any camera photo, far less than a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * JPEG and WebP decode straight to the reduced size we keep (shrink-on-load); PNG and GIF decode
 * every pixel of every frame first, 4 bytes each, so a 67 KB GIF declaring 49 megapixels cost
 * ~280 MB. Those are held to 16 megapixels in all (~64 MB decoded), checked from the header.
 */
const MAX_FULLY_DECODED_PIXELS = 16_000_000;
const SHRINK_ON_LOAD = new Set(['jpeg', 'webp']);

function assertDecodable(metadata: Metadata): void {
  if (!metadata.format || SHRINK_ON_LOAD.has(metadata.format)) return;
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  const pixels = (metadata.width ?? 0) * frameHeight * (metadata.pages ?? 1);
  if (pixels > MAX_FULLY_DECODED_PIXELS) {
    const message = mediaMessages.tooManyPixels(MAX_FULLY_DECODED_PIXELS / 1_000_000);
    throw badRequest(message, { file: message });
  }
}

export interface ProcessedImage {
  mime: ImageMime;
  ext: string;
  width: number;
  height: number;
  full: Buffer;
  card: Buffer;
}

export const invalidImageType = () =>
  new AppError(415, ErrorCode.unsupportedMediaType, mediaMessages.invalidTypeDescription, {
    file: mediaMessages.invalidTypeDescription,
  });

function encode(image: Sharp, mime: ImageMime): Sharp {
  switch (mime) {
    case 'image/jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'image/png':
      return image.png({ compressionLevel: 8 });
    case 'image/webp':
      return image.webp({ quality: 85 });
    case 'image/gif':
      return image.gif();
  }
}

/**
 * D14: the type is what the bytes are, whatever the name says; only JPEG, PNG, WebP and GIF pass
 * (SVG could carry script). Every image is decoded and encoded again, which drops all metadata
 * (EXIF with GPS, comments) and anything appended to the file, and caps the longest side.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw invalidImageType();
  }
  const detected = metadata.format ? formats[metadata.format] : undefined;
  if (!detected) throw invalidImageType();
  assertDecodable(metadata);

  const animated = detected.mime === 'image/gif' || detected.mime === 'image/webp';
  const source = () =>
    sharp(input, { animated, failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      // Photos taken sideways carry their rotation in EXIF, which is about to be dropped.
      .autoOrient();
  try {
    const full = await encode(
      source().resize({
        width: MEDIA_MAX_SIDE,
        height: MEDIA_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      detected.mime,
    ).toBuffer({ resolveWithObject: true });
    const card = await encode(
      source().resize({
        width: MEDIA_CARD_WIDTH,
        height: MEDIA_CARD_WIDTH,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      detected.mime,
    ).toBuffer();
    if (full.data.length > MEDIA_MAX_BYTES) {
      throw new AppError(413, ErrorCode.payloadTooLarge, mediaMessages.fileTooLargeDescription);
    }
    return {
      ...detected,
      width: full.info.width,
      height: animated ? (full.info.pageHeight ?? full.info.height) : full.info.height,
      full: full.data,
      card,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(mediaMessages.unreadable, { file: mediaMessages.unreadable });
  }
}
