/** The zod schemas of `media.ts`, apart so that pages needing only its texts load no zod. */
import { MEDIA_MIME_TYPES } from './media.ts';
import { z } from './zod.ts';

/** What an upload returns; `url` is the full image, `cardUrl` a smaller variant for cards. */
export const MediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  cardUrl: z.string(),
  mimeType: z.enum(MEDIA_MIME_TYPES),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});

export type Media = z.infer<typeof MediaSchema>;
