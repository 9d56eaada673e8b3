import { type Media, mediaApi } from '@btcp/shared/media';
import { apiRequest } from '#web/lib/api-client.ts';

/** D14: the server reads the bytes, re-encodes the image and strips its metadata. */
export function uploadCommunityImage(file: File): Promise<Media> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<Media>(mediaApi.communityImage, { method: 'POST', body });
}
