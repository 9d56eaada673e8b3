/** The zod schemas of `community-edits.ts`: an edit's body and the history staff read. */
import { CreateCommentBodySchema, CreateCommunityPostBodySchema } from './community-schemas.ts';
import { z } from './zod.ts';

/** Either field or both, with the rules of a new post; a field left out stays as it is. */
export const UpdateCommunityPostBodySchema = CreateCommunityPostBodySchema.pick({
  title: true,
  content: true,
}).partial();

export type UpdateCommunityPostBody = z.input<typeof UpdateCommunityPostBodySchema>;

export const UpdateCommentBodySchema = CreateCommentBodySchema;

export type UpdateCommentBody = z.input<typeof UpdateCommentBodySchema>;

export const EditVersionSchema = z.object({
  /** The title this version had, when the edit after it changed the title; else null. */
  title: z.string().nullable(),
  content: z.string(),
  /** When the edit that replaced this version was made. */
  editedAt: z.string(),
});

export type EditVersion = z.infer<typeof EditVersionSchema>;

/** An item's text now and before each edit, newest first (staff only). */
export const EditHistorySchema = z.object({
  current: z.object({
    /** null for a comment. */
    title: z.string().nullable(),
    content: z.string(),
    editedAt: z.string().nullable(),
  }),
  versions: z.array(EditVersionSchema),
});

export type EditHistory = z.infer<typeof EditHistorySchema>;
