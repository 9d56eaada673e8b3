import { ErrorCode, MEDIA_MAX_BYTES, mediaMessages } from '@btcp/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '#server/errors.ts';
import type { MediaKind } from './service.ts';

// The HTTP side of an upload: routes read the image with `readUpload` and hand the bytes to the
// service (`storeImage`), which knows nothing of requests (decision 015).

const tooLarge = (kind: MediaKind) =>
  new AppError(
    413,
    ErrorCode.payloadTooLarge,
    kind === 'blog_cover'
      ? mediaMessages.imageTooLargeDescription
      : mediaMessages.fileTooLargeDescription,
    { file: mediaMessages.fileTooLargeDescription },
  );

const UPLOAD_INCOMPLETE =
  'The upload was incomplete: the request ended before the whole image arrived. Please try again.';

/** The multipart parser's ways of saying the request body ended before the form did. */
function isTruncatedBody(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === 'FST_MP_PREMATURE_CLOSE' || message === 'Unexpected end of multipart data';
}

const oneAtATime = () => badRequest('Send one image at a time.');
const missingFile = () =>
  badRequest(mediaMessages.missingFile, { file: mediaMessages.missingFile });

/**
 * Reads the one `file` part of a multipart request, refusing anything past the size limit. The
 * whole body is read, so a second file is refused rather than silently ignored.
 */
export async function readUpload(request: FastifyRequest, kind: MediaKind): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      ErrorCode.unsupportedMediaType,
      'Send the image as multipart/form-data with a field named "file".',
    );
  }
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MEDIA_MAX_BYTES, files: 1 } })) {
      if (bytes) throw oneAtATime();
      if (part.type !== 'file' || part.fieldname !== 'file') throw missingFile();
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code } = error as { code?: string };
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw oneAtATime();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(kind);
    if (isTruncatedBody(error)) throw badRequest(UPLOAD_INCOMPLETE, { file: UPLOAD_INCOMPLETE });
    throw missingFile();
  }
  if (!bytes) throw missingFile();
  return bytes;
}
