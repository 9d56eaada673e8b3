/** D14, D23: images for blog covers and community posts. Types are decided by the bytes. */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

export const MEDIA_MAX_SIDE = 2048;

export const MEDIA_CARD_WIDTH = 800;

export const MEDIA_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** For `<input type="file" accept>`: a hint only; the server decides by the file's bytes. */
export const MEDIA_ACCEPT = MEDIA_MIME_TYPES.join(',');

export const mediaMessages = {
  invalidType: 'Invalid file type',
  invalidTypeDescription: 'Please upload only image files (JPEG, PNG, etc.)',
  fileTooLarge: 'File too large',
  fileTooLargeDescription: 'Image must be smaller than 5MB',
  imageTooLarge: 'Image too large',
  imageTooLargeDescription: 'Please select an image smaller than 5MB',
  uploadFailed: 'Upload failed',
  uploadFailedDescription: 'Could not upload the image. Please try again.',
  unreadable: 'The image could not be read: it may be damaged or incomplete.',
  missingFile: 'Choose an image file to upload.',
  tooManyPixels: (megapixels: number) =>
    `The image has too many pixels to process: at most ${megapixels} megapixels, all frames together.`,
} as const;

/** Checks a picked file before it is sent, with the product's texts; the server checks again. */
export function checkImageFile(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!file.type.startsWith('image/')) return 'type';
  if (file.size > MEDIA_MAX_BYTES) return 'size';
  return null;
}

export const mediaApi = {
  /** Blog covers: admins and moderators (D7). Multipart, one field named `file`. */
  blogCover: '/admin/media/blog-cover',
  /** Community post images: signed-in, not banned users. Multipart, one field named `file`. */
  communityImage: '/community/images',
} as const;

// Types only (erased at build time): the schemas themselves live in media-schemas.ts.
export type * from './media-schemas.ts';
