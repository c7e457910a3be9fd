import type { AdminListPage } from '@outpost/contracts/admin-list';
import type {
  Feedback,
  FeedbackInput,
  FeedbackListQuery,
  FeedbackReview,
  FeedbackReviewInput,
} from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { fetchListPage } from '../platform/db/list-page';
import { BETA_ADMIN_ACTIONS } from './actions';
import { readBetaConfig } from './beta-config';
import { isActiveObjective } from './objectives';
import type { FeedbackRow } from './tables';

/*
 * Every read and write of feedback (docs/product.md §3.5): players send it against beta-config/v1 and the
 * active testing objectives; moderators list and mark it reviewed.
 */

export class FeedbackClosedError extends Error {
  constructor() {
    super('Feedback is closed in beta-config/v1.');
  }
}

/** A category or sentiment beta-config/v1 does not offer; `known` are the ones it does. */
export class UnknownFeedbackOptionError extends Error {
  constructor(
    readonly option: 'category' | 'sentiment',
    readonly value: string,
    readonly known: readonly string[],
  ) {
    super(`Unknown ${option} ${value}.`);
  }
}

export class InactiveMissionError extends Error {
  constructor(readonly mission: string) {
    super(`${mission} is not an active testing objective.`);
  }
}

export class UnknownFeedbackError extends Error {
  constructor(readonly feedbackIDs: readonly string[]) {
    super(`Unknown feedback: ${feedbackIDs.join(', ')}.`);
  }
}

export function toFeedback(row: FeedbackRow): Feedback {
  return {
    feedbackID: row.feedback_id,
    userID: row.user_id,
    category: row.category,
    text: row.text,
    sentiment: row.sentiment,
    mission: row.mission,
    timestamp: row.timestamp,
    reviewed: row.reviewed === 1,
  };
}

/** Stores a player's feedback, unreviewed, once beta-config/v1 and the objectives accept it. */
export async function sendFeedback(
  db: Kysely<GameDatabase>,
  feedback: { userId: string; input: FeedbackInput; now: Date },
): Promise<Feedback> {
  const { input } = feedback;
  const config = await readBetaConfig(db);
  if (!config.feedbackOpen) throw new FeedbackClosedError();
  for (const option of ['category', 'sentiment'] as const) {
    const known = (option === 'category' ? config.categories : config.sentiments).map((choice) => choice.id);
    if (!known.includes(input[option])) throw new UnknownFeedbackOptionError(option, input[option], known);
  }
  if (input.mission !== null && !(await isActiveObjective(db, input.mission))) {
    throw new InactiveMissionError(input.mission);
  }
  const row: FeedbackRow = {
    feedback_id: timeOrderedId(),
    user_id: feedback.userId,
    category: input.category,
    text: input.text,
    sentiment: input.sentiment,
    mission: input.mission,
    timestamp: feedback.now.toISOString(),
    reviewed: 0,
  };
  await db.insertInto('feedback').values(row).execute();
  return toFeedback(row);
}

const FEEDBACK_SORTS = { timestamp: 'timestamp', category: 'category', sentiment: 'sentiment' } as const;

/** One page of feedback, filtered by objective, sentiment, category and reviewed (the admin list protocol). */
export async function listFeedback(
  db: Kysely<GameDatabase>,
  query: FeedbackListQuery,
): Promise<AdminListPage<Feedback>> {
  let filtered = db.selectFrom('feedback');
  if (query.mission) filtered = filtered.where('mission', '=', query.mission);
  if (query.sentiment) filtered = filtered.where('sentiment', '=', query.sentiment);
  if (query.category) filtered = filtered.where('category', '=', query.category);
  if (query.reviewed !== undefined) filtered = filtered.where('reviewed', '=', query.reviewed ? 1 : 0);
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(FEEDBACK_SORTS[query.sort], query.order).orderBy('feedback_id', query.order),
    query,
  );
  return { ...page, rows: rows.map(toFeedback) };
}

/**
 * Marks feedback reviewed (or back to unreviewed): all the entries named, or none when one is
 * unknown; the admin-log entry comes first in the transaction.
 */
export async function reviewFeedback(
  db: Kysely<GameDatabase>,
  input: FeedbackReviewInput,
  context: AdminChange,
): Promise<FeedbackReview> {
  const { feedbackIDs, reviewed } = input;
  const flag = reviewed ? 1 : 0;
  return db.transaction().execute(async (trx) => {
    await appendAdminLog(trx, adminLogRecord(context, BETA_ADMIN_ACTIONS.reviewFeedback, { feedbackIDs, reviewed }));
    const found = await trx
      .selectFrom('feedback')
      .select('feedback_id')
      .where('feedback_id', 'in', feedbackIDs)
      .execute();
    const known = new Set(found.map((row) => row.feedback_id));
    const unknown = feedbackIDs.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new UnknownFeedbackError(unknown);
    const changed = await trx
      .updateTable('feedback')
      .set({ reviewed: flag })
      .where('feedback_id', 'in', feedbackIDs)
      .where('reviewed', '<>', flag)
      .executeTakeFirst();
    return { feedbackIDs, reviewed, changed: Number(changed.numUpdatedRows) };
  });
}
