import {
  type CommunityPost,
  type CommunityTopic,
  type CreateCommunityPostBody,
  communityApi,
} from '@btcp/shared/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys } from './query-keys.ts';
import { uploadCommunityImage } from './upload-community-image.ts';

export const createCommunityPost = (body: CreateCommunityPostBody) =>
  apiRequest<CommunityPost>(communityApi.posts, { method: 'POST', body });

export interface NewPostInput {
  title: string;
  content: string;
  topic: CommunityTopic | null;
  image: File | null;
}

/** Uploads the image first (if any), then creates the post with the media id the upload returned. */
export async function publishPost({ image, ...fields }: NewPostInput): Promise<CommunityPost> {
  const imageId = image ? (await uploadCommunityImage(image)).id : null;
  return createCommunityPost({ ...fields, imageId });
}

export function useCreateCommunityPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPost,
    onSuccess: async (post) => {
      queryClient.setQueryData(communityKeys.post(post.id), post);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: communityKeys.stats() }),
      ]);
    },
  });
}
