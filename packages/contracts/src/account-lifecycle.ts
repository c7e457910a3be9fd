import { z } from 'zod/mini';
import {
  ACCOUNT_DELETION_MESSAGES,
  SUSPENSION_MESSAGES,
  SUSPENSION_NOTE_MAX_LENGTH,
  SUSPENSION_REASON_MAX_LENGTH,
} from './account-lifecycle-text';
import { adminEnvironmentParamsSchema, environmentSchema } from './environments';
import { PASSWORD_MAX_LENGTH, USER_ID_MAX_LENGTH } from './identity';
import { userSearchHitSchema } from './user-search';

/*
 * The account lifecycle: a player deletes their account or downloads their data from /account; staff and
 * admins suspend a player and lift the suspension from the moderation hub's user page. Its words and codes
 * are in account-lifecycle-text.ts.
 */

// ---------------------------------------------------------------- deletion and export

/** POST /api/account/deletion: the password asked again, as app stores expect of a deletion. */
export const accountDeletionInputSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DELETION_MESSAGES.passwordRequired })
    .check(
      z.minLength(1, { error: ACCOUNT_DELETION_MESSAGES.passwordRequired }),
      z.maxLength(PASSWORD_MAX_LENGTH, { error: ACCOUNT_DELETION_MESSAGES.wrongPassword }),
    ),
});
export type AccountDeletionInput = z.infer<typeof accountDeletionInputSchema>;

export const accountDeletionResultSchema = z.object({ deleted: z.literal(true), message: z.string() });
export type AccountDeletionResult = z.infer<typeof accountDeletionResultSchema>;

// ---------------------------------------------------------------- suspension

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** POST /api/admin/:env/users/:userID/suspension: suspends now, until `endsAt` or until lifted. */
export const suspendInputSchema = z.object({
  reason: z
    .string({ error: SUSPENSION_MESSAGES.reasonRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: SUSPENSION_MESSAGES.reasonRequired }),
      z.maxLength(SUSPENSION_REASON_MAX_LENGTH, { error: SUSPENSION_MESSAGES.reasonTooLong }),
    ),
  /** ISO 8601 with its offset; null: until a moderator lifts it. */
  endsAt: z.nullable(
    z.string({ error: SUSPENSION_MESSAGES.untilInvalid }).check(
      z.regex(ISO_INSTANT, { error: SUSPENSION_MESSAGES.untilInvalid }),
      z.refine((text) => !Number.isNaN(Date.parse(text)), { error: SUSPENSION_MESSAGES.untilInvalid }),
    ),
  ),
  /** The report that led to it, when it was made from one. */
  reportID: z._default(
    z.nullable(
      z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,64}$/, { error: SUSPENSION_MESSAGES.reportIDInvalid })),
    ),
    null,
  ),
});
export type SuspendInput = z.input<typeof suspendInputSchema>;

/** POST /api/admin/:env/users/:userID/suspension/lift */
export const liftSuspensionInputSchema = z.object({
  note: z._default(
    z.string().check(z.trim(), z.maxLength(SUSPENSION_NOTE_MAX_LENGTH, { error: SUSPENSION_MESSAGES.noteTooLong })),
    '',
  ),
});
export type LiftSuspensionInput = z.input<typeof liftSuspensionInputSchema>;

export const userParamsSchema = z.extend(adminEnvironmentParamsSchema, {
  userID: z.string().check(z.trim(), z.minLength(1, { error: 'userID is required.' }), z.maxLength(USER_ID_MAX_LENGTH)),
});

/** A person the back office names: their id and display name (null once deleted, or before they picked one). */
const actorSchema = z.object({ userID: z.string(), displayName: z.nullable(z.string()) });

/** `active` until it ends or is lifted; `ended` when its end passed; `lifted` when someone lifted it. */
export const SUSPENSION_STATES = ['active', 'ended', 'lifted'] as const;
export type SuspensionState = (typeof SUSPENSION_STATES)[number];

export const suspensionSchema = z.object({
  suspensionID: z.string(),
  state: z.enum(SUSPENSION_STATES),
  reason: z.string(),
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
  suspendedBy: actorSchema,
  /** The environment whose admin log holds it. */
  environment: environmentSchema,
  reportID: z.nullable(z.string()),
  /** The report's short number (#12), what people read it by; null without a report or when it is gone. */
  reportNumber: z.nullable(z.int()),
  liftedAt: z.nullable(z.string()),
  liftedBy: z.nullable(actorSchema),
  liftNote: z.nullable(z.string()),
});
export type Suspension = z.infer<typeof suspensionSchema>;

/**
 * GET /api/admin/:env/users/:userID: one player's page in the moderation hub: what a search hit
 * shows (profile, keys, this environment's figures), their suspension now and every one before.
 */
export const adminUserSchema = z.extend(z.omit(userSearchHitSchema, { match: true }), {
  environment: environmentSchema,
  suspension: z.nullable(suspensionSchema),
  suspensions: z.array(suspensionSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * POST /api/account/data-export: everything Outpost holds about the player, as one JSON document:
 * the account, then each environment's sections (credits, orders, invites, feedback, …) named by
 * the domain that keeps them.
 */
export const accountDataExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    userID: z.string(),
    email: z.string(),
    created: z.string(),
    displayName: z.nullable(z.string()),
    keys: z.array(z.string()),
  }),
  /** The player's suspensions, without the staff who made or lifted them. */
  suspensions: z.array(
    z.pick(suspensionSchema, { state: true, reason: true, startsAt: true, endsAt: true, liftedAt: true }),
  ),
  environments: z.object({
    development: z.record(z.string(), z.unknown()),
    beta: z.record(z.string(), z.unknown()),
    production: z.record(z.string(), z.unknown()),
  }),
});
export type AccountDataExport = z.infer<typeof accountDataExportSchema>;
