import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from '../admin-list';
import { environmentSchema } from '../environments';
import { personSchema } from '../people';
import { PUSH_PLATFORMS } from '../push';

/*
 * Segments: audiences defined once by rules over what Outpost knows of a player, combined with
 * "all" or "any" (and one level of groups), sized and listed in the back office and named by push,
 * rewards and remote config. The schemas both sides parse with, and the words they answer in.
 */

/** What a rule compares as a number: "at least" or "at most" a whole value. */
export const SEGMENT_NUMBER_ATTRIBUTES = [
  'lastSeenDays',
  'playtimeMinutes',
  'highestLevel',
  'creditsSpent',
  'creditsHeld',
  'purchases',
  'accountAgeDays',
] as const;
export type SegmentNumberAttribute = (typeof SEGMENT_NUMBER_ATTRIBUTES)[number];

/** What a player is or is not. */
export const SEGMENT_FLAG_ATTRIBUTES = ['premium', 'betaTester', 'partner', 'earlyAccess'] as const;
export type SegmentFlagAttribute = (typeof SEGMENT_FLAG_ATTRIBUTES)[number];

export type SegmentAttribute = SegmentNumberAttribute | SegmentFlagAttribute | 'platform';
export const SEGMENT_ATTRIBUTES: readonly SegmentAttribute[] = [
  ...SEGMENT_NUMBER_ATTRIBUTES,
  ...SEGMENT_FLAG_ATTRIBUTES,
  'platform',
];

/** How each attribute reads in the editor and in a rule's sentence. */
export const SEGMENT_ATTRIBUTE_LABELS: Record<SegmentAttribute, string> = {
  lastSeenDays: 'Days since last seen',
  playtimeMinutes: 'Minutes played',
  highestLevel: 'Highest level',
  creditsSpent: 'Credits spent',
  creditsHeld: 'Credits held',
  purchases: 'Purchases',
  accountAgeDays: 'Account age in days',
  premium: 'Premium',
  betaTester: 'Beta tester',
  partner: 'Partner',
  earlyAccess: 'Joined early access',
  platform: 'Has a device on',
};

/** What each attribute counts, for the editor's hints and the docs. */
export const SEGMENT_ATTRIBUTE_HINTS: Record<SegmentAttribute, string> = {
  lastSeenDays: 'Whole days since the game last reported the player; never seen counts as more than any number.',
  playtimeMinutes: 'Minutes of every session the game reported.',
  highestLevel: 'The highest level the game reported; 0 before any.',
  creditsSpent: 'Credits paid for spins, drops and merch.',
  creditsHeld: 'The credit balance now.',
  purchases: 'Paid orders on the web and purchases in the App Store and Google Play.',
  accountAgeDays: 'Whole days since the account was made.',
  premium: 'Premium now, on any channel.',
  betaTester: 'An accepted beta request.',
  partner: 'The partner key.',
  earlyAccess: 'Came in through a beta invite.',
  platform: 'A device registered for push on that platform.',
};

export const SEGMENT_NUMBER_OPS = ['atLeast', 'atMost'] as const;
export const SEGMENT_IS_OPS = ['is', 'isNot'] as const;
export const SEGMENT_MATCHES = ['all', 'any'] as const;
export type SegmentMatch = (typeof SEGMENT_MATCHES)[number];

export const SEGMENT_ID_MAX = 40;
export const SEGMENT_NAME_MAX = 80;
export const SEGMENT_DESCRIPTION_MAX = 500;
/** Rules in a segment, counting those in its groups. */
export const SEGMENT_RULES_MAX = 20;
export const SEGMENT_VALUE_MAX = 1_000_000_000;

export const SEGMENTS_MESSAGES = {
  notFound: 'There is no such segment: it may have been deleted.',
  idTaken: (segmentID: string) => `A segment with the ID "${segmentID}" already exists in this environment.`,
  nameTaken: (name: string) => `A segment named "${name}" already exists in this environment.`,
  stale: 'Someone else saved this segment since you opened it. Reload it to see their change, then make yours again.',
  tooManyRules: `A segment has at most ${SEGMENT_RULES_MAX} rules, counting those in its groups.`,
  noRules: 'A segment needs at least one rule.',
  emptyGroup: 'A group needs at least one rule.',
  attribute: `Each rule names one of: ${SEGMENT_ATTRIBUTES.join(', ')}.`,
  numberOp: 'A number rule is "atLeast" or "atMost".',
  isOp: 'This rule is "is" or "isNot".',
  value: `A number rule's value is a whole number from 0 to ${SEGMENT_VALUE_MAX.toLocaleString('en-US')}.`,
  platform: `A platform rule names one of: ${PUSH_PLATFORMS.join(', ')}.`,
  match: 'match is "all" or "any".',
  inUse: (segmentID: string, uses: readonly string[]) =>
    `The segment "${segmentID}" is in use (${uses.join('; ')}): stop using it there first.`,
} as const;

export const segmentIdSchema = z
  .string()
  .check(
    z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: "A segment ID is 1 to 40 lower-case letters, digits and '-'." }),
  );

const numberRuleSchema = z.object({
  attribute: z.enum(SEGMENT_NUMBER_ATTRIBUTES, { error: SEGMENTS_MESSAGES.attribute }),
  op: z.enum(SEGMENT_NUMBER_OPS, { error: SEGMENTS_MESSAGES.numberOp }),
  value: z
    .int({ error: SEGMENTS_MESSAGES.value })
    .check(
      z.minimum(0, { error: SEGMENTS_MESSAGES.value }),
      z.maximum(SEGMENT_VALUE_MAX, { error: SEGMENTS_MESSAGES.value }),
    ),
});
const flagRuleSchema = z.object({
  attribute: z.enum(SEGMENT_FLAG_ATTRIBUTES, { error: SEGMENTS_MESSAGES.attribute }),
  op: z.enum(SEGMENT_IS_OPS, { error: SEGMENTS_MESSAGES.isOp }),
});
const platformRuleSchema = z.object({
  attribute: z.literal('platform', { error: SEGMENTS_MESSAGES.attribute }),
  op: z.enum(SEGMENT_IS_OPS, { error: SEGMENTS_MESSAGES.isOp }),
  value: z.enum(PUSH_PLATFORMS, { error: SEGMENTS_MESSAGES.platform }),
});

// By attribute: a refused rule is told what is wrong with it (its value, its op), not only that no kind fitted.
export const segmentRuleSchema = z.discriminatedUnion(
  'attribute',
  [numberRuleSchema, flagRuleSchema, platformRuleSchema],
  {
    error: SEGMENTS_MESSAGES.attribute,
  },
);
export type SegmentNumberRule = z.infer<typeof numberRuleSchema>;
export type SegmentFlagRule = z.infer<typeof flagRuleSchema>;
export type SegmentPlatformRule = z.infer<typeof platformRuleSchema>;
export type SegmentRule = z.infer<typeof segmentRuleSchema>;

const matchSchema = z.enum(SEGMENT_MATCHES, { error: SEGMENTS_MESSAGES.match });

export const segmentGroupSchema = z.object({
  match: matchSchema,
  rules: z.array(segmentRuleSchema).check(z.minLength(1, { error: SEGMENTS_MESSAGES.emptyGroup })),
});
export type SegmentGroup = z.infer<typeof segmentGroupSchema>;

export const isSegmentGroup = (entry: SegmentRule | SegmentGroup): entry is SegmentGroup => 'rules' in entry;

const ruleCount = (definition: { rules: readonly (SegmentGroup | SegmentRule)[] }) =>
  definition.rules.reduce((count, entry) => count + (isSegmentGroup(entry) ? entry.rules.length : 1), 0);

/**
 * What is wrong with an entry that is neither a group nor a rule: the group's problem when it has
 * `rules`, the rule's otherwise (the union alone would say only "Invalid input").
 */
function entryProblem(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const isGroup = typeof issue.input === 'object' && issue.input !== null && 'rules' in issue.input;
  return issue.errors[isGroup ? 0 : 1]?.[0]?.message;
}

/** The rules of a segment and how they combine: every one holds ("all") or at least one ("any"). */
export const segmentDefinitionSchema = z
  .object({
    match: matchSchema,
    rules: z
      .array(z.union([segmentGroupSchema, segmentRuleSchema], { error: entryProblem }))
      .check(z.minLength(1, { error: SEGMENTS_MESSAGES.noRules })),
  })
  .check(
    z.refine((definition) => ruleCount(definition) <= SEGMENT_RULES_MAX, { error: SEGMENTS_MESSAGES.tooManyRules }),
  );
export type SegmentDefinition = z.infer<typeof segmentDefinitionSchema>;

const fields = {
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Name is required.' }),
      z.maxLength(SEGMENT_NAME_MAX, { error: `Name is at most ${SEGMENT_NAME_MAX} characters.` }),
    ),
  description: z
    .string()
    .check(
      z.trim(),
      z.maxLength(SEGMENT_DESCRIPTION_MAX, { error: `Description is at most ${SEGMENT_DESCRIPTION_MAX} characters.` }),
    ),
  definition: segmentDefinitionSchema,
};

export const createSegmentInputSchema = z.object({ segmentID: segmentIdSchema, ...fields });
export type CreateSegmentInput = z.infer<typeof createSegmentInputSchema>;

/** A save names the revision it started from: a newer save refuses it (409). */
export const updateSegmentInputSchema = z.object({ ...fields, revision: z.int().check(z.minimum(1)) });
export type UpdateSegmentInput = z.infer<typeof updateSegmentInputSchema>;

export const segmentSchema = z.object({
  segmentID: z.string(),
  name: z.string(),
  description: z.string(),
  definition: segmentDefinitionSchema,
  revision: z.int(),
  createdAt: z.string(),
  createdBy: z.nullable(personSchema),
  updatedAt: z.string(),
  updatedBy: z.nullable(personSchema),
});
export type Segment = z.infer<typeof segmentSchema>;

/** GET /api/admin/:env/segments: every segment, by the admin list protocol. */
export const segmentListQuerySchema = adminListQuerySchema(['updatedAt', 'name'] as const, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type SegmentListQuery = z.infer<typeof segmentListQuerySchema>;
export const segmentListPageSchema = adminListPageSchema(segmentSchema);

export const segmentParamsSchema = z.object({ env: environmentSchema, segmentID: segmentIdSchema });

/**
 * POST /api/admin/:env/segments/size: how many players a definition holds, counted over the players'
 * attributes as read at `countedAt`; `recount` reads them again first.
 */
export const segmentSizeInputSchema = z.object({
  definition: segmentDefinitionSchema,
  recount: z.optional(z.boolean()),
});
export type SegmentSizeInput = z.infer<typeof segmentSizeInputSchema>;
export const segmentSizeSchema = z.object({
  size: z.int(),
  /** Every player of the environment. */
  total: z.int(),
  countedAt: z.string(),
});
export type SegmentSize = z.infer<typeof segmentSizeSchema>;

/**
 * GET /api/admin/:env/segments/:segmentID/members: a page of the players it holds, newest accounts
 * first, by the admin list protocol (its total is the segment's size).
 */
export const segmentMembersQuerySchema = adminListQuerySchema(['accountCreatedAt'] as const, {
  /** Read the players' attributes again first. */
  recount: z.optional(z.enum(['true', 'false'], { error: 'recount is true or false.' })),
});
export type SegmentMembersQuery = z.infer<typeof segmentMembersQuerySchema>;

export const segmentMemberSchema = z.object({
  player: personSchema,
  /** Null when the game never reported the player. */
  lastSeen: z.nullable(z.string()),
  accountCreatedAt: z.string(),
});
export type SegmentMember = z.infer<typeof segmentMemberSchema>;
export const segmentMembersPageSchema = z.extend(adminListPageSchema(segmentMemberSchema), {
  countedAt: z.string(),
});
export type SegmentMembersPage = z.infer<typeof segmentMembersPageSchema>;
