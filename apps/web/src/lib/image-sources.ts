import { MEDIA_CARD_WIDTH } from '@btcp/shared/media';

export interface StoredImage {
  /** The full image (at most 2,048 px a side). */
  url: string;
  /** Its card-sized variant (at most 800 px a side), when there is one. */
  cardUrl: string | null;
  width: number | null;
  height: number | null;
}

/**
 * The <img> attributes of an uploaded image: its size, so the page keeps the image's place before
 * it loads (no layout shift), and both stored sizes as sources, so a phone downloads the card.
 * `sizes` says how wide the image is shown.
 */
export function imageSources(image: StoredImage, sizes: string) {
  const { url, cardUrl, width, height } = image;
  const size = width && height ? { width, height } : {};
  if (!cardUrl || !width || !height) return { src: url, ...size };
  const cardWidth = Math.round(width * Math.min(1, MEDIA_CARD_WIDTH / Math.max(width, height)));
  if (cardWidth >= width) return { src: url, ...size };
  return { src: cardUrl, srcSet: `${cardUrl} ${cardWidth}w, ${url} ${width}w`, sizes, ...size };
}
