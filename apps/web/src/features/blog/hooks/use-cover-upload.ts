import { ErrorCode } from '@btcp/shared/error-codes';
import { checkImageFile, mediaMessages } from '@btcp/shared/media';
import { useState } from 'react';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useUploadBlogCover } from '../api/upload-blog-cover.ts';

export interface Cover {
  id: string;
  url: string;
}

/** The server's reason for a refused image (too large, not an image) beats the generic line. */
function uploadFailureDescription(error: Error): string {
  return error instanceof ApiRequestError &&
    error.status < 500 &&
    error.code !== ErrorCode.httpError
    ? error.message
    : mediaMessages.uploadFailedDescription;
}

/**
 * The blog form's cover: checks a picked file with the product's words, uploads it at once, and hands
 * the new media id to `onChange` (null when the cover is removed). The preview is the server's copy.
 */
export function useCoverUpload(initial: Cover | null, onChange: (id: string | null) => void) {
  const [cover, setCover] = useState(initial);
  const upload = useUploadBlogCover();

  const pick = (file: File) => {
    const problem = checkImageFile(file);
    if (problem === 'size') {
      toast.error(mediaMessages.imageTooLarge, {
        description: mediaMessages.imageTooLargeDescription,
      });
      return;
    }
    if (problem === 'type') {
      toast.error(mediaMessages.invalidType, { description: mediaMessages.invalidTypeDescription });
      return;
    }
    upload.mutate(file, {
      onSuccess: (media) => {
        setCover({ id: media.id, url: media.url });
        onChange(media.id);
      },
      onError: (error) =>
        toast.error(mediaMessages.uploadFailed, { description: uploadFailureDescription(error) }),
    });
  };

  const remove = () => {
    setCover(null);
    onChange(null);
  };

  return { cover, uploading: upload.isPending, pick, remove };
}
