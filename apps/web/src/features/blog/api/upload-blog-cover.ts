import { type Media, mediaApi } from '@btcp/shared/media';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** Sends the picked image; the server checks its bytes, re-encodes it and returns its id and URLs. */
export const uploadBlogCover = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<Media>(mediaApi.blogCover, { method: 'POST', body });
};

export const useUploadBlogCover = () => useMutation({ mutationFn: uploadBlogCover });
