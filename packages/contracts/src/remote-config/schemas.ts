import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from '../admin-list';
import { environmentSchema } from '../environments';
import { personSchema } from '../people';
import { PUSH_PLATFORMS } from '../push';
import { segmentIdSchema } from '../segments/schemas';

/*
 * Remote config: typed parameters the game reads at run time, each with a default and values under
 * conditions (platform, app version range, a stable percentage of players) in the conditions'
 * priority order. Admins edit a draft; publishing it makes a numbered version; any version can be
 * published again (a rollback); a publish can wait for its time. The schemas both sides parse with,
 * and the words they answer in.
 */

/** Limits of one environment's template (Firebase's are 2,000 parameters, 500 conditions, 1 MB, 300 versions). */
export const REMOTE_CONFIG_LIMITS = {
  parameters: 500,
  conditions: 100,
  /** The template's JSON, in bytes. */
  templateBytes: 512 * 1024,
  /** Published versions kept; older ones are pruned at each publish. */
  versionsKept: 100,
  descriptionLength: 500,
} as const;

export const REMOTE_CONFIG_PARAMETER_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type RemoteConfigParameterType = (typeof REMOTE_CONFIG_PARAMETER_TYPES)[number];

export const REMOTE_CONFIG_PLATFORMS = PUSH_PLATFORMS;
export type RemoteConfigPlatform = (typeof REMOTE_CONFIG_PLATFORMS)[number];

export const REMOTE_CONFIG_MESSAGES = {
  nothingToPublish: 'The draft is the version players already get: there is nothing to publish.',
  draftMoved: 'Someone saved the draft after you opened it. Load the latest draft and make your change again.',
  publishedMeanwhile: 'Someone published a version at the same moment. Load the latest draft and publish again.',
  versionNotFound: (version: number) => `There is no version ${version}: it may have been pruned.`,
  scheduleNotFound: 'There is no such scheduled publish: it may have run or been cancelled.',
  scheduleInPast: 'Publish at must be in the future; leave it empty to publish now.',
  movedIntoPast: 'Publish at must be in the future.',
  tooManyParameters: `A template holds at most ${REMOTE_CONFIG_LIMITS.parameters} parameters.`,
  tooManyConditions: `A template holds at most ${REMOTE_CONFIG_LIMITS.conditions} conditions.`,
  tooLarge: `A template is at most ${REMOTE_CONFIG_LIMITS.templateBytes / 1024} KiB of JSON.`,
  duplicateKey: (key: string) => `Two parameters are named "${key}": a parameter's key is unique.`,
  duplicateCondition: (name: string) => `Two conditions are named "${name}": a condition's name is unique.`,
  unknownCondition: (key: string, condition: string) =>
    `Parameter "${key}" has a value for the condition "${condition}", which the template does not define.`,
  wrongType: (key: string, where: string, type: RemoteConfigParameterType) =>
    `Parameter "${key}": its ${where} must be ${type === 'json' ? 'JSON' : `a ${type}`}.`,
  schemaOnlyForJson: (key: string) => `Parameter "${key}": only a JSON parameter takes a schema.`,
  badSchema: (key: string, reason: string) => `Parameter "${key}": its schema is not a valid JSON Schema (${reason}).`,
  schemaRefused: (key: string, where: string, reason: string) =>
    `Parameter "${key}": its ${where} does not match its schema (${reason}).`,
  badVersionRange: (name: string) => `Condition "${name}": the lowest app version must not be above the highest.`,
  badPercentRange: (name: string) =>
    `Condition "${name}": the percentage range must run from a lower to a higher number.`,
  emptyCondition: (name: string) =>
    `Condition "${name}" has no rule: give it a platform, an app version, a percentage or a segment.`,
  unknownSegment: (name: string, segmentID: string) =>
    `Condition "${name}" names the segment "${segmentID}", which this environment does not have.`,
  fetchUnit: 'Send a deviceId, or sign in: the percentage conditions need a stable id for the caller.',
} as const;

/** A parameter's key, as the game names it (Firebase's rule). */
export const remoteConfigKeySchema = z.string().check(
  z.regex(/^[A-Za-z_][A-Za-z0-9_]{0,255}$/, {
    error: "A parameter key is 1 to 256 letters, digits and '_', not starting with a digit.",
  }),
);

export const remoteConfigConditionNameSchema = z.string().check(
  z.regex(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,99}$/, {
    error: "A condition's name is 1 to 100 letters, digits, spaces, '-' and '_'.",
  }),
);

/** An app version as the stores number them: 1 to 4 dot-separated whole numbers ("2.14", "2.14.1"). */
export const appVersionSchema = z
  .string()
  .check(
    z.regex(/^\d{1,9}(\.\d{1,9}){0,3}$/, { error: 'An app version is numbers separated by dots, such as 2.14.1.' }),
  );

/** Any JSON value. */
export const remoteConfigValueSchema = z.json();
export type RemoteConfigValue = z.infer<typeof remoteConfigValueSchema>;

/**
 * A condition: every rule it has must hold (platform among those listed, app version within the
 * range, the caller's stable percentage within [from, to), the signed-in player in the segment).
 * The percentage is drawn per condition, so two conditions of 10% take different players.
 */
export const remoteConfigConditionSchema = z.object({
  name: remoteConfigConditionNameSchema,
  platforms: z.optional(z.array(z.enum(REMOTE_CONFIG_PLATFORMS)).check(z.minLength(1), z.maxLength(3))),
  appVersion: z.optional(z.object({ min: z.optional(appVersionSchema), max: z.optional(appVersionSchema) })),
  percent: z.optional(
    z.object({
      from: z.number().check(z.minimum(0), z.maximum(100)),
      to: z.number().check(z.minimum(0), z.maximum(100)),
    }),
  ),
  /** A segment's ID in the environment: the signed-in player must be in it. */
  segment: z.optional(segmentIdSchema),
});
export type RemoteConfigCondition = z.infer<typeof remoteConfigConditionSchema>;

export const remoteConfigParameterSchema = z.object({
  key: remoteConfigKeySchema,
  type: z.enum(REMOTE_CONFIG_PARAMETER_TYPES),
  description: z.optional(z.string().check(z.maxLength(REMOTE_CONFIG_LIMITS.descriptionLength))),
  defaultValue: remoteConfigValueSchema,
  /** Values under conditions; the template's condition order decides which applies when several match. */
  conditionalValues: z.array(z.object({ condition: remoteConfigConditionNameSchema, value: remoteConfigValueSchema })),
  /** A JSON parameter's JSON Schema (draft 2020-12), which every value of it must match. */
  schema: z.optional(z.record(z.string(), z.json())),
});
export type RemoteConfigParameter = z.infer<typeof remoteConfigParameterSchema>;

/** A whole configuration: the conditions in priority order, and the parameters. */
export const remoteConfigTemplateSchema = z.object({
  conditions: z.array(remoteConfigConditionSchema),
  parameters: z.array(remoteConfigParameterSchema),
});
export type RemoteConfigTemplate = z.infer<typeof remoteConfigTemplateSchema>;

export const EMPTY_REMOTE_CONFIG_TEMPLATE: RemoteConfigTemplate = { conditions: [], parameters: [] };

/** What changed between two templates, by name. */
export const remoteConfigDiffSchema = z.object({
  parameters: z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) }),
  conditions: z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) }),
});
export type RemoteConfigDiff = z.infer<typeof remoteConfigDiffSchema>;

export const remoteConfigVersionSummarySchema = z.object({
  version: z.int(),
  publishedAt: z.string(),
  publishedBy: z.nullable(personSchema),
  description: z.string(),
  /** The version this one published again, for a rollback. */
  rollbackOf: z.nullable(z.int()),
  /** Against the version before it (everything added, for the first). */
  diff: remoteConfigDiffSchema,
});
export type RemoteConfigVersionSummary = z.infer<typeof remoteConfigVersionSummarySchema>;

export const remoteConfigVersionSchema = z.extend(remoteConfigVersionSummarySchema, {
  template: remoteConfigTemplateSchema,
});
export type RemoteConfigVersion = z.infer<typeof remoteConfigVersionSchema>;

export const remoteConfigScheduledSchema = z.object({
  scheduleID: z.string(),
  publishAt: z.string(),
  description: z.string(),
  scheduledBy: z.nullable(personSchema),
  /** Against the version players get now. */
  diff: remoteConfigDiffSchema,
});
export type RemoteConfigScheduled = z.infer<typeof remoteConfigScheduledSchema>;

/** GET /api/admin/:env/remote-config: the draft, what it changes, the version live and what waits. */
export const remoteConfigStateSchema = z.object({
  draft: remoteConfigTemplateSchema,
  /** Bumped by each save of the draft: a save names the revision it started from. */
  draftRevision: z.int(),
  draftUpdatedAt: z.nullable(z.string()),
  draftUpdatedBy: z.nullable(personSchema),
  /** The draft against the version players get now. */
  unpublished: remoteConfigDiffSchema,
  current: z.nullable(remoteConfigVersionSummarySchema),
  scheduled: z.array(remoteConfigScheduledSchema),
});
export type RemoteConfigState = z.infer<typeof remoteConfigStateSchema>;

/** PUT /api/admin/:env/remote-config/draft */
export const saveRemoteConfigDraftInputSchema = z.object({
  template: remoteConfigTemplateSchema,
  revision: z.int(),
});
export type SaveRemoteConfigDraftInput = z.infer<typeof saveRemoteConfigDraftInputSchema>;

/** When a scheduled publish goes: an instant with its zone (that it is still to come, the server checks). */
const publishAtSchema = z.iso.datetime({ offset: true, error: 'Publish at must be a date and time.' });

/** POST /api/admin/:env/remote-config/publish: now, or at `publishAt`. */
export const publishRemoteConfigInputSchema = z.object({
  description: z.string().check(z.trim(), z.maxLength(REMOTE_CONFIG_LIMITS.descriptionLength)),
  /** The draft revision the admin reviewed: a newer save refuses the publish. */
  revision: z.int(),
  publishAt: z.optional(publishAtSchema),
});
export type PublishRemoteConfigInput = z.infer<typeof publishRemoteConfigInputSchema>;

/** POST /api/admin/:env/remote-config/scheduled/:scheduleID/reschedule: a scheduled publish's new time. */
export const rescheduleRemoteConfigInputSchema = z.object({ publishAt: publishAtSchema });
export type RescheduleRemoteConfigInput = z.infer<typeof rescheduleRemoteConfigInputSchema>;

export const publishRemoteConfigAnswerSchema = z.union([
  z.object({ kind: z.literal('published'), version: remoteConfigVersionSummarySchema }),
  z.object({ kind: z.literal('scheduled'), scheduled: remoteConfigScheduledSchema }),
]);
export type PublishRemoteConfigAnswer = z.infer<typeof publishRemoteConfigAnswerSchema>;

export const remoteConfigVersionListQuerySchema = adminListQuerySchema(['version'] as const, {});
export type RemoteConfigVersionListQuery = z.infer<typeof remoteConfigVersionListQuerySchema>;
export const remoteConfigVersionListPageSchema = adminListPageSchema(remoteConfigVersionSummarySchema);

export const remoteConfigVersionParamsSchema = z.object({
  env: environmentSchema,
  version: z.coerce.number().check(z.int({ error: 'A version is a whole number.' }), z.minimum(1)),
});
export const remoteConfigScheduleParamsSchema = z.object({ env: environmentSchema, scheduleID: z.string() });

/** GET /api/remote-config: who asks, beside the signed-in player. */
export const remoteConfigFetchQuerySchema = z.object({
  platform: z.optional(z.enum(REMOTE_CONFIG_PLATFORMS)),
  appVersion: z.optional(appVersionSchema),
  /** The device's stable id: the unit of the percentage conditions for a caller not signed in. */
  deviceId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type RemoteConfigFetchQuery = z.infer<typeof remoteConfigFetchQuerySchema>;

/** The values for the caller: every parameter's, by key. */
export const remoteConfigValuesSchema = z.object({
  /** The published version these come from (0: nothing published yet, no parameter). */
  version: z.int(),
  /**
   * Any JSON value, checked when its template was saved. Declared as unknown, not as JSON: the answer's
   * serializer would otherwise check each of up to 500 values against the recursive JSON schema on
   * every fetch, the largest share of a fetch's cost.
   */
  values: z.record(z.string(), z.unknown()),
});
export type RemoteConfigValues = z.infer<typeof remoteConfigValuesSchema>;
