import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { environmentSchema } from './environments';
import { booleanQuery, slug } from './fields';
import { keyInWords } from './key-words';
import { personSchema } from './people';

/**
 * The beta programme (docs/product.md §1.1, §3.3, §4.2, §9.1): invites and their claims, beta requests
 * (request-to-enter, one per player), the players' feedback against the active testing objectives and
 * beta-config/v1, and the staff's review of that feedback.
 */

/** The invites an accepted beta player gets to share (docs/product.md §9.1). */
export const BETA_MAX_INVITES = 2;
/** An invite's source is a player's user id, or this (docs/product.md §3.3). */
export const ADMIN_INVITE_SOURCE = 'admin';
/** A beta request is created with status 1; staff acceptance moves it to 2 (docs/product.md §4.3). */
export const BETA_REQUEST_STATUS = { requested: 1, accepted: 2 } as const;
export type BetaRequestStatus = (typeof BETA_REQUEST_STATUS)[keyof typeof BETA_REQUEST_STATUS];
/** beta-config/v1 is a configuration document of each environment's store. */
export const BETA_CONFIG_ID = 'beta-config/v1';

export const INVITE_ID_MAX_LENGTH = 64;
export const OBJECTIVE_ID_MAX_LENGTH = 64;
export const OBJECTIVE_TITLE_MAX_LENGTH = 120;
export const OBJECTIVE_DESCRIPTION_MAX_LENGTH = 2000;
export const FEEDBACK_TEXT_MAX_LENGTH = 2000;
/** A beta request's data: a few answers of the request form, not a document store. */
export const BETA_REQUEST_DATA_MAX_FIELDS = 20;
export const BETA_REQUEST_DATA_MAX_TEXT = 1000;
/** Feedback a moderator marks in one call. */
export const FEEDBACK_REVIEW_MAX = 500;
export const INVITE_MAX_VALID_DAYS = 365;

export const BETA_MESSAGES = {
  inviteID: `Invite codes use lower-case letters, digits and '-' (at most ${INVITE_ID_MAX_LENGTH} characters).`,
  inviteNotFound: 'There is no invite with this code. Check the link you were sent.',
  inviteExpired: 'This invite has expired. Ask the person who sent it for a new one.',
  inviteOwn: 'This is your own invite: share it with a friend instead.',
  inviteAlreadyClaimed: 'This invite has already been claimed by someone else.',
  inviteClaimedByYou: 'You have already claimed this invite.',
  validDays: `An invite is valid for 1 to ${INVITE_MAX_VALID_DAYS} whole days.`,
  profileRequired: 'Choose a display name for your profile before you request beta entry.',
  requestData: `A beta request's data is an object of at most ${BETA_REQUEST_DATA_MAX_FIELDS} answers, each text (at most ${BETA_REQUEST_DATA_MAX_TEXT} characters), a number, true/false or null.`,
  requestDataKey: 'Answer names use letters, digits and _ (at most 40 characters).',
  requestNotFound: 'This player has not requested beta entry.',
  requestAlreadyAccepted: 'This beta request has already been accepted.',
  objectiveID: `Objective IDs use lower-case letters, digits and '-' (at most ${OBJECTIVE_ID_MAX_LENGTH} characters).`,
  objectiveTitle: `An objective needs a title of at most ${OBJECTIVE_TITLE_MAX_LENGTH} characters.`,
  objectiveDescription: `Descriptions can be at most ${OBJECTIVE_DESCRIPTION_MAX_LENGTH} characters.`,
  objectiveNotFound: 'There is no testing objective with this ID.',
  feedbackText: `Write your feedback (at most ${FEEDBACK_TEXT_MAX_LENGTH} characters).`,
  feedbackClosed: 'Feedback is closed right now. Thank you for testing!',
  optionID: "Option IDs use lower-case letters, digits and '-' (at most 40 characters).",
  optionLabel: 'Each option needs a label of at most 60 characters.',
  optionsUnique: 'Each option needs its own ID.',
  categories: 'beta-config needs 1 to 20 feedback categories.',
  sentiments: 'beta-config needs 1 to 10 sentiments.',
  inviteLifetimeDays: `Shared invites last 1 to ${INVITE_MAX_VALID_DAYS} whole days.`,
  reviewIDs: `Mark 1 to ${FEEDBACK_REVIEW_MAX} feedback entries at a time, each once.`,
} as const;

export const unknownCategoryMessage = (category: string, known: readonly string[]) =>
  `"${category}" is not a feedback category. Choose one of: ${known.join(', ')}.`;
export const unknownSentimentMessage = (sentiment: string, known: readonly string[]) =>
  `"${sentiment}" is not a sentiment. Choose one of: ${known.join(', ')}.`;
export const inactiveMissionMessage = (mission: string) => `"${mission}" is not an active testing objective.`;
export const inviteTakenMessage = (inviteID: string) => `The invite code "${inviteID}" already exists.`;
export const objectiveTakenMessage = (objectiveID: string) => `A testing objective "${objectiveID}" already exists.`;
export const unknownFeedbackMessage = (feedbackIDs: readonly string[]) =>
  `These feedback entries do not exist: ${feedbackIDs.map((id) => `"${id}"`).join(', ')}. Nothing was changed.`;

/** A whole number of days from a form's text or a script's number. */
const wholeDays = (message: string) =>
  z.pipe(
    // The union's own error too: a missing value or one of neither type fails both branches on type.
    z.union(
      [z.int({ error: message }), z.string({ error: message }).check(z.trim(), z.regex(/^\d+$/, { error: message }))],
      { error: message },
    ),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z.int().check(z.minimum(1, { error: message }), z.maximum(INVITE_MAX_VALID_DAYS, { error: message })),
    ),
  );

const searchText = z.optional(z.string().check(z.trim(), z.maxLength(100)));

// ── Invites ─────────────────────────────────────────────────────────────────────────────────

export const inviteIDSchema = slug(INVITE_ID_MAX_LENGTH, BETA_MESSAGES.inviteID);
export const inviteParamsSchema = z.object({ inviteID: inviteIDSchema });

/** `details.code` of each refused claim (docs/product.md §4.2), so the screen can branch without reading words. */
export const INVITE_REFUSALS = ['invite-not-found', 'invite-expired', 'invite-own', 'invite-already-claimed'] as const;
export type InviteRefusal = (typeof INVITE_REFUSALS)[number];

/**
 * GET /api/account/invites/:inviteID: the one invite with this code (docs/product.md §9.1: lookup returns at
 * most 1) as the signed-in player would meet it, so a share link shows why it cannot be claimed
 * before anyone presses Claim. A player's invite does not say whose it is.
 */
export const invitePreviewSchema = z.object({
  inviteID: z.string(),
  source: z.enum(['admin', 'player']),
  /** ISO 8601. */
  expiration: z.string(),
  status: z.enum(['claimable', 'expired', 'own', 'claimed', 'claimed-by-you']),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** POST /api/account/invites/:inviteID/claim, no body: the accepted claim. */
export const inviteClaimSchema = z.object({
  inviteID: z.string(),
  source: z.enum(['admin', 'player']),
  /** When this player claimed it (the first time, for an admin invite claimed again). */
  claimedAt: z.string(),
  /** False when an admin invite already listed this player: the claim changed nothing. */
  newlyClaimed: z.boolean(),
});
export type InviteClaim = z.infer<typeof inviteClaimSchema>;

/** One of the invites an accepted beta player shares (docs/product.md §9.1: maxInvites of them). */
export const sharedInviteSchema = z.object({
  inviteID: z.string(),
  expiration: z.string(),
  expired: z.boolean(),
  claimed: z.boolean(),
  /** When a friend claimed it, or null. */
  claimedAt: z.nullable(z.string()),
  created: z.string(),
});
export type SharedInvite = z.infer<typeof sharedInviteSchema>;

/**
 * An invite in the back office (docs/product.md §3.3): claimedBy lists every claimer of an admin invite,
 * one otherwise.
 */
export const adminInviteSchema = z.object({
  inviteID: z.string(),
  /** 'admin', or the user id of the player sharing it. */
  source: z.string(),
  /** The admin who created it, or the sharing player. */
  createdBy: z.string(),
  claimed: z.boolean(),
  claimedBy: z.array(z.string()),
  expiration: z.string(),
  created: z.string(),
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

/** An invite as the back office's list shows it: the people behind its user ids named. */
export const adminInviteRowSchema = z.extend(adminInviteSchema, {
  /** The player sharing it; null for an admin invite. */
  sourcePerson: z.nullable(personSchema),
  /** Who claimed it, in claimedBy's order. */
  claimedByPeople: z.array(personSchema),
});
export type AdminInviteRow = z.infer<typeof adminInviteRowSchema>;

/** POST /api/admin/:env/invites: an admin invite, any number of players may claim it until it expires. */
export const createAdminInviteInputSchema = z.object({
  /** A readable code ('outpost-friends'); a random one when left out. */
  inviteID: z.optional(inviteIDSchema),
  validDays: wholeDays(BETA_MESSAGES.validDays),
});
export type CreateAdminInviteInput = z.input<typeof createAdminInviteInputSchema>;
export type CreateAdminInvite = z.output<typeof createAdminInviteInputSchema>;

/** GET /api/admin/:env/invites: newest first; filtered by source kind and claimed. */
export const inviteListQuerySchema = adminListQuerySchema(['created', 'expiration'] as const, {
  source: z.optional(z.enum(['admin', 'player'], { error: 'source must be admin or player.' })),
  claimed: booleanQuery('claimed'),
});
export type InviteListQuery = z.infer<typeof inviteListQuerySchema>;
export const inviteListPageSchema = adminListPageSchema(adminInviteRowSchema);

// ── Beta requests ───────────────────────────────────────────────────────────────────────────

const requestDataSchema = z
  .record(
    z.string().check(z.regex(/^[A-Za-z0-9_]{1,40}$/)),
    z.nullable(
      z.union(
        [
          z.string().check(z.maxLength(BETA_REQUEST_DATA_MAX_TEXT, { error: BETA_MESSAGES.requestData })),
          z.number(),
          z.boolean(),
        ],
        { error: BETA_MESSAGES.requestData },
      ),
    ),
    // A bad answer name is reported here too, as the record's own issue.
    {
      error: (issue) => (issue.code === 'invalid_key' ? BETA_MESSAGES.requestDataKey : BETA_MESSAGES.requestData),
    },
  )
  .check(
    z.refine((data) => Object.keys(data).length <= BETA_REQUEST_DATA_MAX_FIELDS, { error: BETA_MESSAGES.requestData }),
  );
export type BetaRequestData = z.infer<typeof requestDataSchema>;

/** The platforms the request form offers (its `platform` answer), and how screens name them. */
export const BETA_PLATFORMS = ['ios', 'android', 'both'] as const;
export type BetaPlatform = (typeof BETA_PLATFORMS)[number];
export const BETA_PLATFORM_LABELS: Record<BetaPlatform, string> = {
  ios: 'iPhone or iPad (iOS)',
  android: 'Android',
  both: 'Both',
};

/** The request form's questions, by the answer names it stores, as the staff's list labels them. */
export const BETA_REQUEST_ANSWER_LABELS: Record<string, string> = {
  platform: 'Platform',
  heardFrom: 'Heard from',
  why: 'Why they want to join',
};

/**
 * A request's answers as labelled fields in words, in the order the player gave them: the form's
 * questions by their labels (others by their names in words), a platform by its name, yes/no for
 * true/false, a dash for an empty answer.
 */
export function betaRequestAnswers(data: BetaRequestData): { name: string; label: string; value: string }[] {
  return Object.entries(data).map(([name, value]) => ({
    name,
    label: BETA_REQUEST_ANSWER_LABELS[name] ?? keyInWords(name),
    value: answerInWords(name, value),
  }));
}

function answerInWords(name: string, value: BetaRequestData[string]): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (name === 'platform' && typeof value === 'string' && value in BETA_PLATFORM_LABELS) {
    return BETA_PLATFORM_LABELS[value as BetaPlatform];
  }
  return String(value);
}

/** PUT /api/account/beta/request: creates the player's request, or replaces only its data (docs/product.md §4.3). */
export const betaRequestInputSchema = z.object({ data: requestDataSchema });
export type BetaRequestInput = z.infer<typeof betaRequestInputSchema>;

/** A beta request (docs/product.md §3.4, keyed by user id). */
export const betaRequestSchema = z.object({
  userID: z.string(),
  email: z.string(),
  displayName: z.string(),
  maxInvites: z.int(),
  /** The invite the player had claimed when they first asked, or null. */
  inviteCode: z.nullable(z.string()),
  /** When the request was created (ISO 8601). */
  timestamp: z.string(),
  data: z.record(z.string(), z.nullable(z.union([z.string(), z.number(), z.boolean()]))),
  /** 1 requested, 2 accepted. */
  status: z.int(),
  /** When its data was last replaced. */
  updatedAt: z.string(),
  acceptedAt: z.nullable(z.string()),
});
export type BetaRequest = z.infer<typeof betaRequestSchema>;

/**
 * GET /api/account/beta: the player's request (null before they ask), the invites they share, and
 * the invite they came into the beta with (the first they claimed), or null.
 */
export const accountBetaSchema = z.object({
  request: z.nullable(betaRequestSchema),
  invites: z.array(sharedInviteSchema),
  claimedInvite: z.nullable(z.string()),
});
export type AccountBeta = z.infer<typeof accountBetaSchema>;

/** GET /api/admin/:env/beta-requests: newest first; filtered by status and by email or display name. */
export const betaRequestListQuerySchema = adminListQuerySchema(['timestamp', 'displayName', 'status'] as const, {
  status: z.optional(
    z.pipe(
      z.enum(['1', '2'], { error: 'status must be 1 (requested) or 2 (accepted).' }),
      z.transform((text) => Number(text) as BetaRequestStatus),
    ),
  ),
  /** Email or display name contains (case-insensitive). */
  q: searchText,
});
export type BetaRequestListQuery = z.infer<typeof betaRequestListQuerySchema>;
export const betaRequestListPageSchema = adminListPageSchema(betaRequestSchema);
export const betaRequestParamsSchema = z.object({
  env: environmentSchema,
  userID: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
});

/** POST /api/admin/:env/beta-requests/:userID/accept: the accepted request and the invites it created. */
export const acceptedBetaRequestSchema = z.object({
  request: betaRequestSchema,
  invites: z.array(sharedInviteSchema),
});
export type AcceptedBetaRequest = z.infer<typeof acceptedBetaRequestSchema>;

// ── beta-config/v1 and testing objectives ───────────────────────────────────────────────────

const optionSchema = z.object({
  id: slug(40, BETA_MESSAGES.optionID),
  label: z
    .string({ error: BETA_MESSAGES.optionLabel })
    .check(
      z.trim(),
      z.minLength(1, { error: BETA_MESSAGES.optionLabel }),
      z.maxLength(60, { error: BETA_MESSAGES.optionLabel }),
    ),
});
const optionsSchema = (min: number, max: number, message: string) =>
  z.array(optionSchema, { error: message }).check(
    z.minLength(min, { error: message }),
    z.maxLength(max, { error: message }),
    z.refine((options) => new Set(options.map((option) => option.id)).size === options.length, {
      error: BETA_MESSAGES.optionsUnique,
    }),
  );

/**
 * beta-config/v1 (docs/product.md §3.16): whether feedback is open, the categories and sentiments a player picks
 * from, and how long a shared invite lasts. PUT /api/admin/:env/beta-config takes the whole document.
 */
export const betaConfigSchema = z.object({
  feedbackOpen: z.boolean({ error: 'feedbackOpen must be true or false.' }),
  categories: optionsSchema(1, 20, BETA_MESSAGES.categories),
  sentiments: optionsSchema(1, 10, BETA_MESSAGES.sentiments),
  inviteLifetimeDays: wholeDays(BETA_MESSAGES.inviteLifetimeDays),
});
export type BetaConfig = z.output<typeof betaConfigSchema>;
export type BetaConfigInput = z.input<typeof betaConfigSchema>;

/** beta-config/v1 until staff write one. */
export const DEFAULT_BETA_CONFIG: BetaConfig = {
  feedbackOpen: true,
  categories: [
    { id: 'bug', label: 'Bug' },
    { id: 'gameplay', label: 'Gameplay' },
    { id: 'performance', label: 'Performance' },
    { id: 'other', label: 'Something else' },
  ],
  sentiments: [
    { id: 'positive', label: 'Loved it' },
    { id: 'neutral', label: 'It was okay' },
    { id: 'negative', label: 'Not for me' },
  ],
  inviteLifetimeDays: 30,
};

/** A testing objective (docs/product.md §3.16's testing-objectives): what beta players are asked to try. */
export const testingObjectiveSchema = z.object({
  objectiveID: z.string(),
  title: z.string(),
  description: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestingObjective = z.infer<typeof testingObjectiveSchema>;

const objectiveFields = {
  title: z
    .string({ error: BETA_MESSAGES.objectiveTitle })
    .check(
      z.trim(),
      z.minLength(1, { error: BETA_MESSAGES.objectiveTitle }),
      z.maxLength(OBJECTIVE_TITLE_MAX_LENGTH, { error: BETA_MESSAGES.objectiveTitle }),
    ),
  description: z._default(
    z
      .string({ error: BETA_MESSAGES.objectiveDescription })
      .check(z.trim(), z.maxLength(OBJECTIVE_DESCRIPTION_MAX_LENGTH, { error: BETA_MESSAGES.objectiveDescription })),
    '',
  ),
  active: z._default(z.boolean({ error: 'active must be true or false.' }), true),
};

export const objectiveIDSchema = slug(OBJECTIVE_ID_MAX_LENGTH, BETA_MESSAGES.objectiveID);
/** POST /api/admin/:env/testing-objectives */
export const createTestingObjectiveInputSchema = z.object({ objectiveID: objectiveIDSchema, ...objectiveFields });
export type CreateTestingObjective = z.output<typeof createTestingObjectiveInputSchema>;
/** PUT /api/admin/:env/testing-objectives/:objectiveID: the whole objective; `active: false` retires it. */
export const updateTestingObjectiveInputSchema = z.object(objectiveFields);
export type UpdateTestingObjective = z.output<typeof updateTestingObjectiveInputSchema>;
export const testingObjectiveParamsSchema = z.object({ env: environmentSchema, objectiveID: objectiveIDSchema });

/** GET /api/admin/:env/testing-objectives: oldest first by default (the order players see). */
export const testingObjectiveListQuerySchema = adminListQuerySchema(
  ['createdAt', 'title'] as const,
  { active: booleanQuery('active'), q: searchText },
  'asc',
);
export type TestingObjectiveListQuery = z.infer<typeof testingObjectiveListQuerySchema>;
export const testingObjectiveListPageSchema = adminListPageSchema(testingObjectiveSchema);

/** GET /api/beta: what the feedback form needs, beta-config/v1 and the active objectives (oldest first). */
export const betaProgrammeSchema = z.object({
  config: betaConfigSchema,
  objectives: z.array(testingObjectiveSchema),
});
export type BetaProgramme = z.infer<typeof betaProgrammeSchema>;

// ── Feedback ────────────────────────────────────────────────────────────────────────────────

/** POST /api/account/feedback: `mission` is an active objective's id, or null for general feedback. */
export const feedbackInputSchema = z.object({
  category: slug(40, BETA_MESSAGES.optionID),
  sentiment: slug(40, BETA_MESSAGES.optionID),
  mission: z._default(z.nullable(objectiveIDSchema), null),
  text: z
    .string({ error: BETA_MESSAGES.feedbackText })
    .check(
      z.trim(),
      z.minLength(1, { error: BETA_MESSAGES.feedbackText }),
      z.maxLength(FEEDBACK_TEXT_MAX_LENGTH, { error: BETA_MESSAGES.feedbackText }),
    ),
});
export type FeedbackInput = z.output<typeof feedbackInputSchema>;

/** Feedback (docs/product.md §3.5). */
export const feedbackSchema = z.object({
  feedbackID: z.string(),
  userID: z.string(),
  category: z.string(),
  text: z.string(),
  sentiment: z.string(),
  mission: z.nullable(z.string()),
  timestamp: z.string(),
  reviewed: z.boolean(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET /api/admin/:env/feedback: newest first; filtered by objective (mission), sentiment, category, reviewed. */
export const feedbackListQuerySchema = adminListQuerySchema(['timestamp', 'category', 'sentiment'] as const, {
  mission: z.optional(objectiveIDSchema),
  sentiment: z.optional(slug(40, BETA_MESSAGES.optionID)),
  category: z.optional(slug(40, BETA_MESSAGES.optionID)),
  reviewed: booleanQuery('reviewed'),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;
/** Feedback as the staff's review lists it: the player who sent it named. */
export const adminFeedbackSchema = z.extend(feedbackSchema, { sender: personSchema });
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;
export const feedbackListPageSchema = adminListPageSchema(adminFeedbackSchema);

/** POST /api/admin/:env/feedback/review: marks entries reviewed (or back to unreviewed), all or none. */
export const feedbackReviewInputSchema = z.object({
  feedbackIDs: z.array(z.string().check(z.minLength(1), z.maxLength(64)), { error: BETA_MESSAGES.reviewIDs }).check(
    z.minLength(1, { error: BETA_MESSAGES.reviewIDs }),
    z.maxLength(FEEDBACK_REVIEW_MAX, { error: BETA_MESSAGES.reviewIDs }),
    z.refine((ids) => new Set(ids).size === ids.length, { error: BETA_MESSAGES.reviewIDs }),
  ),
  reviewed: z._default(z.boolean({ error: 'reviewed must be true or false.' }), true),
});
export type FeedbackReviewInput = z.output<typeof feedbackReviewInputSchema>;
/** Its answer: the entries' new state; `changed` counts those that were not in it already. */
export const feedbackReviewSchema = z.object({
  feedbackIDs: z.array(z.string()),
  reviewed: z.boolean(),
  changed: z.int(),
});
export type FeedbackReview = z.infer<typeof feedbackReviewSchema>;
