import { z } from 'zod/mini';
import { environmentSchema } from '../environments';
import { personSchema } from '../people';
import { remoteConfigKeySchema, remoteConfigValueSchema } from '../remote-config/schemas';
import { segmentIdSchema } from '../segments/schemas';

/*
 * Experiments: a test of a remote-config parameter's values on part of the players. The players of
 * a segment (or every signed-in player) are split between two or more variants by a stable hash of
 * the experiment and the player, weighted; a player is exposed the first time the game fetches
 * config while the experiment runs, and gets their variant's value instead of the parameter's.
 * Results compare the goal metric per variant since exposure, with a 95 % confidence interval, and
 * say whether each variant differs from the first (the control). The schemas both sides parse
 * with, and the words they answer in.
 */

export const EXPERIMENT_LIMITS = {
  variants: 5,
  nameLength: 100,
  descriptionLength: 500,
  /** The longest an experiment may run. */
  days: 90,
} as const;

/** What an experiment is judged by, per exposed player, from exposure on. */
export const EXPERIMENT_METRICS = ['playtimePerPlayer', 'creditsSpentPerPlayer', 'day1Return', 'day7Return'] as const;
export type ExperimentMetric = (typeof EXPERIMENT_METRICS)[number];

export const EXPERIMENT_METRIC_LABELS: Record<ExperimentMetric, string> = {
  playtimePerPlayer: 'Minutes played per player',
  creditsSpentPerPlayer: 'Credits spent per player',
  day1Return: 'Day-1 return',
  day7Return: 'Day-7 return',
};

/** Which metrics are shares of players (a return), shown as percentages; the others are means. */
export const EXPERIMENT_RATE_METRICS: ReadonlySet<ExperimentMetric> = new Set(['day1Return', 'day7Return']);

/**
 * draft: being set up; scheduled: waits for its start; running: assigning and exposing;
 * stopped: ended without a winner (ended on its own at endsAt, or by an admin); rolled-out: its
 * winner became the parameter's value.
 */
export const EXPERIMENT_STATES = ['draft', 'scheduled', 'running', 'stopped', 'rolled-out'] as const;
export type ExperimentState = (typeof EXPERIMENT_STATES)[number];

export const experimentIdSchema = z
  .string()
  .check(
    z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: "An experiment ID is 1 to 40 lower-case letters, digits and '-'." }),
  );

export const EXPERIMENT_MESSAGES = {
  notFound: 'There is no such experiment in this environment.',
  idTaken: 'An experiment with that ID already exists.',
  nameRequired: 'Give the experiment a name.',
  variants: `An experiment has 2 to ${EXPERIMENT_LIMITS.variants} variants.`,
  variantNames: 'Each variant needs a name, and no two variants share one.',
  weights: 'Each weight is a whole number from 1 to 100.',
  unknownParameter: (key: string) => `The live remote config has no parameter "${key}": publish it first.`,
  wrongValue: (variant: string, reason: string) => `Variant "${variant}": ${reason}`,
  unknownSegment: (segmentID: string) => `This environment has no segment "${segmentID}".`,
  parameterBusy: (key: string) => `Another experiment is already testing "${key}": stop it first.`,
  window: `An experiment ends after it starts, at most ${EXPERIMENT_LIMITS.days} days later.`,
  startInPast: 'Starts at must be now or later; leave it empty to start now.',
  notEditable: 'Only a draft or scheduled experiment can be edited.',
  notRunning: 'Only a running experiment can be stopped.',
  notStartable: 'Only a draft experiment can be started or scheduled.',
  cannotRollOut: 'Roll out a variant of a running or stopped experiment.',
  unknownVariant: 'That variant is not one of the experiment’s.',
  stale: 'Someone changed this experiment after you opened it. Load it again and make your change again.',
  notDeletable:
    'Stop a running experiment before deleting it; a scheduled one goes back to draft from the calendar first.',
  scheduledNeedsStart: 'A scheduled experiment keeps its start: set Starts at.',
  parameterTested: (name: string, key: string) =>
    `The experiment “${name}” tests "${key}", which this version removes: stop the experiment first.`,
  variantBroken: (name: string, variant: string, reason: string) =>
    `The experiment “${name}” tests this parameter, and its variant "${variant}" would no longer be a valid value (${reason}): stop the experiment first, or keep the parameter's type and schema.`,
} as const;

export const experimentVariantSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: EXPERIMENT_MESSAGES.variantNames }), z.maxLength(60)),
  /** The parameter's value for the variant's players; checked against the parameter's type and schema. */
  value: remoteConfigValueSchema,
  weight: z
    .int({ error: EXPERIMENT_MESSAGES.weights })
    .check(
      z.minimum(1, { error: EXPERIMENT_MESSAGES.weights }),
      z.maximum(100, { error: EXPERIMENT_MESSAGES.weights }),
    ),
});
export type ExperimentVariant = z.infer<typeof experimentVariantSchema>;

const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time.` });

const fields = {
  name: z
    .string({ error: EXPERIMENT_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: EXPERIMENT_MESSAGES.nameRequired }),
      z.maxLength(EXPERIMENT_LIMITS.nameLength),
    ),
  description: z._default(z.string().check(z.trim(), z.maxLength(EXPERIMENT_LIMITS.descriptionLength)), ''),
  parameterKey: remoteConfigKeySchema,
  /** The segment players are drawn from; null: every signed-in player. */
  segmentID: z.nullable(segmentIdSchema),
  /** The first is the control: the others are compared with it. */
  variants: z.array(experimentVariantSchema).check(
    z.minLength(2, { error: EXPERIMENT_MESSAGES.variants }),
    z.maxLength(EXPERIMENT_LIMITS.variants, { error: EXPERIMENT_MESSAGES.variants }),
    z.refine((variants) => new Set(variants.map((variant) => variant.name)).size === variants.length, {
      error: EXPERIMENT_MESSAGES.variantNames,
    }),
  ),
  metric: z.enum(EXPERIMENT_METRICS),
  /** When it starts (null: when an admin starts it) and ends (null: when an admin stops it). */
  startsAt: z.nullable(instant('Starts at')),
  endsAt: z.nullable(instant('Ends at')),
};

/** POST /api/admin/:env/experiments: a draft. */
export const createExperimentInputSchema = z.object({ experimentID: experimentIdSchema, ...fields });
export type CreateExperimentInput = z.input<typeof createExperimentInputSchema>;

/** PUT /api/admin/:env/experiments/:experimentID: a draft or scheduled experiment, whole; `revision` as loaded. */
export const updateExperimentInputSchema = z.object({ ...fields, revision: z.int() });
export type UpdateExperimentInput = z.input<typeof updateExperimentInputSchema>;

export const experimentParamsSchema = z.object({ env: environmentSchema, experimentID: z.string() });

export const experimentSchema = z.object({
  experimentID: z.string(),
  name: z.string(),
  description: z.string(),
  parameterKey: z.string(),
  segmentID: z.nullable(z.string()),
  /** The segment's name, or null for every signed-in player. */
  segmentName: z.nullable(z.string()),
  variants: z.array(experimentVariantSchema),
  metric: z.enum(EXPERIMENT_METRICS),
  state: z.enum(EXPERIMENT_STATES),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  /** When it really started and ended. */
  startedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  /** The variant rolled out, once one is. */
  winner: z.nullable(z.string()),
  revision: z.int(),
  createdAt: z.string(),
  createdBy: z.nullable(personSchema),
});
export type Experiment = z.infer<typeof experimentSchema>;

export const experimentListSchema = z.object({ experiments: z.array(experimentSchema) });

/** One variant's result: its exposed players and the goal metric's mean (a share, for a return) with its 95 % interval. */
export const experimentVariantResultSchema = z.object({
  name: z.string(),
  exposed: z.int(),
  mean: z.nullable(z.number()),
  low: z.nullable(z.number()),
  high: z.nullable(z.number()),
  /** Against the control: the difference of means, its two-sided p-value, and whether p < 0.05; null for the control or too few players. */
  difference: z.nullable(z.number()),
  pValue: z.nullable(z.number()),
  significant: z.nullable(z.boolean()),
});
export type ExperimentVariantResult = z.infer<typeof experimentVariantResultSchema>;

/** GET /api/admin/:env/experiments/:experimentID/results */
export const experimentResultsSchema = z.object({
  experimentID: z.string(),
  metric: z.enum(EXPERIMENT_METRICS),
  /** When these were computed: a return counts only players exposed long enough ago. */
  asOf: z.string(),
  variants: z.array(experimentVariantResultSchema),
});
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;

/** POST .../start {startsAt?}: now, or at startsAt. */
export const startExperimentInputSchema = z.object({ revision: z.int(), startsAt: z.optional(instant('Starts at')) });
/** POST .../stop and .../roll-out {variant}: the experiment's revision as loaded. */
export const stopExperimentInputSchema = z.object({ revision: z.int() });
export const rollOutExperimentInputSchema = z.object({ revision: z.int(), variant: z.string() });
