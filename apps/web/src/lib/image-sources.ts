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
 * How a list's card image loads: the first card's is in view at once, often the largest thing
 * painted, so it comes first; the others wait until they are scrolled near.
 */
export function cardImageLoading(first: boolean) {
  return first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const };
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
