import { imageSources, type StoredImage } from '#web/lib/image-sources.ts';

interface LeadImageProps {
  image: StoredImage;
  /** How wide the image is shown, e.g. '(min-width: 768px) 640px, 100vw'. */
  sizes: string;
  alt: string;
  className?: string;
}

/**
 * An uploaded image at the top of a post's page. It is the largest thing on the page, so it loads
 * before anything the page can wait for.
 */
export function LeadImage({ image, sizes, alt, className }: LeadImageProps) {
  return (
    <img {...imageSources(image, sizes)} alt={alt} fetchPriority="high" className={className} />
  );
}
