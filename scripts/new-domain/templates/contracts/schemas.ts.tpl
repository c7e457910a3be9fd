import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from '../admin-list';
import { environmentSchema } from '../environments';

/*
 * __Words__: entries with a name and a score, some for a player, some ending at a time; players
 * read the running ones, the back office lists, creates, edits and deletes them. The schemas both
 * sides parse with, and the words they answer in.
 */

export const __CONST___NAME_MAX = 80;
export const __CONST___SCORE_MAX = 1_000_000_000;

export const __CONST___MESSAGES = {
  notFound: 'There is no such __words__ entry: it may have been deleted.',
  idTaken: (entryID: string) => `A __words__ entry with the ID "${entryID}" already exists.`,
} as const;

export const __camel__EntryIdSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: "An entry ID is 1 to 40 lower-case letters, digits and '-'." }));

const fields = {
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Name is required.' }),
      z.maxLength(__CONST___NAME_MAX, { error: `Name is at most ${__CONST___NAME_MAX} characters.` }),
    ),
  score: z
    .int({ error: 'Score must be a whole number.' })
    .check(
      z.minimum(0, { error: 'Score cannot be negative.' }),
      z.maximum(__CONST___SCORE_MAX, { error: 'Score is at most 1,000,000,000.' }),
    ),
  /** The player the entry is for (their user id), or null. */
  playerID: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  /** When it stops being shown (ISO 8601), or null for never; the nightly job deletes ended entries. */
  endsAt: z.nullable(z.iso.datetime({ offset: true, error: 'Ends at must be a date and time.' })),
};

export const update__Pascal__EntryInputSchema = z.object(fields);
export type Update__Pascal__EntryInput = z.infer<typeof update__Pascal__EntryInputSchema>;

export const create__Pascal__EntryInputSchema = z.object({ entryID: __camel__EntryIdSchema, ...fields });
export type Create__Pascal__EntryInput = z.infer<typeof create__Pascal__EntryInputSchema>;

export const __camel__EntrySchema = z.object({
  entryID: z.string(),
  name: z.string(),
  score: z.int(),
  playerID: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type __Pascal__Entry = z.infer<typeof __camel__EntrySchema>;

/** GET /api/__kebab__: the running entries, highest score first, as players see them. */
export const __camel__PublicEntrySchema = z.pick(__camel__EntrySchema, { entryID: true, name: true, score: true, endsAt: true });
export type __Pascal__PublicEntry = z.infer<typeof __camel__PublicEntrySchema>;
export const __camel__PublicListSchema = z.object({ entries: z.array(__camel__PublicEntrySchema) });
export type __Pascal__PublicList = z.infer<typeof __camel__PublicListSchema>;

/** GET /api/admin/:env/__kebab__: every entry, by the admin list protocol. */
export const __camel__ListQuerySchema = adminListQuerySchema(['updatedAt', 'score', 'name'] as const, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type __Pascal__ListQuery = z.infer<typeof __camel__ListQuerySchema>;
export const __camel__ListPageSchema = adminListPageSchema(__camel__EntrySchema);

export const __camel__EntryParamsSchema = z.object({ env: environmentSchema, entryID: __camel__EntryIdSchema });
