import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  type ClaimCodeBatch,
  type ClaimCodeBatchSummary,
  type ClaimCodeListQuery,
  type CreateClaimCodeBatch,
  claimCodeName,
} from '@outpost/contracts/claim-codes';
import type { NamedItem } from '@outpost/contracts/items';
import { type Kysely, sql } from 'kysely';
import { type AdminChange, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { findMissingItems, itemNamesOf, namedItems, UnknownItemsError } from '../items/index';
import { credit, getBalance, grantItems } from '../ledger/index';
import { isForeignKeyViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { containsText, likePattern } from '../platform/db/text-search';
import { type CodeGenerator, generateCode, newClaimCodeID } from './code-names';
import type { ClaimCodeBatchRow } from './tables';

/*
 * Every read and write of redemption codes. An admin change is one transaction that appends its
 * admin-log entry first (docs/product.md §7.9: createRedemptionCodes, deleteCodeBatch); a redemption is one
 * transaction of guarded updates and primary keys, so concurrent players never share a use.
 */

/** The admin-log actions of docs/product.md §7.9. */
export const CLAIM_CODE_ACTIONS = { create: 'createRedemptionCodes', delete: 'deleteCodeBatch' } as const;

/** A custom code name another code of the environment already has. */
export class ClaimCodeTakenError extends Error {
  constructor(readonly code: string) {
    super(`The code "${code}" already exists.`);
  }
}

/** The generator kept answering names that are taken (only a broken or exhausted generator does). */
export class NoFreeCodeNamesError extends Error {
  constructor() {
    super('Could not find unused code names for this batch.');
  }
}

export class ClaimCodeBatchNotFoundError extends Error {
  constructor(readonly claimCodeID: string) {
    super(`There is no code batch with the ID "${claimCodeID}".`);
  }
}

/** Why a redemption was refused; nothing was changed. */
export type RedeemRefusal = 'not-found' | 'used-up' | 'already-redeemed';

export class RedeemRefusedError extends Error {
  constructor(readonly refusal: RedeemRefusal) {
    super(`The code was not redeemed: ${refusal}.`);
  }
}

const parseRewards = (text: string): string[] => JSON.parse(text) as string[];

function summaryOf(
  batch: ClaimCodeBatchRow,
  itemNames: ReadonlyMap<string, string>,
  availableCount: number,
  usedCount: number,
): ClaimCodeBatchSummary {
  const rewards = parseRewards(batch.rewards);
  return {
    claimCodeID: batch.claim_code_id,
    batchName: batch.batch_name,
    type: batch.type,
    uses: batch.uses,
    credits: batch.credits,
    rewards,
    rewardItems: rewards.map((itemID) => ({ itemID, name: itemNames.get(itemID) ?? itemID })),
    isAvailable: batch.is_available === 1,
    availableCount,
    usedCount,
    createdAt: batch.created_at,
  };
}

/* ------------------------------------------------------------------ admin reads */

/** A batch with its codes (docs/product.md §3.8's claim-codes document), or undefined. */
export async function findClaimCodeBatch(
  db: Kysely<GameDatabase>,
  claimCodeID: string,
): Promise<ClaimCodeBatch | undefined> {
  const [batch, codes] = await Promise.all([
    db.selectFrom('claim_code_batches').selectAll().where('claim_code_id', '=', claimCodeID).executeTakeFirst(),
    db
      .selectFrom('claim_codes')
      .select(['code', 'uses_left'])
      .where('claim_code_id', '=', claimCodeID)
      .orderBy('code')
      .execute(),
  ]);
  if (!batch) return undefined;
  const availableCodes = codes.filter((code) => code.uses_left > 0).map((code) => code.code);
  const usedCodes = codes.filter((code) => code.uses_left === 0).map((code) => code.code);
  const itemNames = await itemNamesOf(db, parseRewards(batch.rewards));
  const { availableCount: _available, usedCount: _used, ...summary } = summaryOf(batch, itemNames, 0, 0);
  return { ...summary, availableCodes, usedCodes };
}

const SORT_COLUMNS = {
  createdAt: 'created_at',
  batchName: 'batch_name',
  type: 'type',
} as const satisfies Record<ClaimCodeListQuery['sort'], keyof ClaimCodeBatchRow>;

/**
 * One page of the batches (the admin list protocol): docs/product.md §4.5 loads only available ones
 * unless `show=all`.
 */
export async function listClaimCodeBatches(
  db: Kysely<GameDatabase>,
  query: ClaimCodeListQuery,
): Promise<AdminListPage<ClaimCodeBatchSummary>> {
  let filtered = db.selectFrom('claim_code_batches');
  if (query.show === 'available') filtered = filtered.where('is_available', '=', 1);
  if (query.search) filtered = filtered.where(containsText(['batch_name', 'claim_code_id'], query.search));
  const { rows: batches, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(SORT_COLUMNS[query.sort], query.order).orderBy('claim_code_id', query.order),
    query,
  );
  const ids = batches.map((batch) => batch.claim_code_id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .selectFrom('claim_codes')
          .where('claim_code_id', 'in', ids)
          .groupBy('claim_code_id')
          .select((eb) => [
            'claim_code_id',
            eb.fn.countAll<string | number>().as('codes'),
            eb.fn.sum<string | number | null>(sql`case when uses_left > 0 then 1 else 0 end`).as('available'),
          ])
          .execute();
  const itemNames = await itemNamesOf(
    db,
    batches.flatMap((batch) => parseRewards(batch.rewards)),
  );
  const countsOf = new Map(
    counts.map((row) => [row.claim_code_id, { codes: Number(row.codes), available: Number(row.available ?? 0) }]),
  );
  return {
    ...page,
    rows: batches.map((batch) => {
      const { codes, available } = countsOf.get(batch.claim_code_id) ?? { codes: 0, available: 0 };
      return summaryOf(batch, itemNames, available, codes - available);
    }),
  };
}

/* ------------------------------------------------------------------ admin writes */

/** Rounds of fresh candidates before giving up; each round replaces only the names that were taken. */
const MAX_NAME_ROUNDS = 20;

/**
 * Writes `quantity` generated codes of a batch, each unique in the environment. A candidate the
 * batch already holds is drawn again; one another code has (also one a concurrent batch is
 * writing) is skipped by the insert's ON CONFLICT and drawn again in the next round.
 */
async function insertGeneratedCodes(
  trx: Kysely<GameDatabase>,
  batch: { claimCodeID: string; uses: number; quantity: number },
  generate: CodeGenerator,
): Promise<void> {
  const written = new Set<string>();
  for (let round = 0; round < MAX_NAME_ROUNDS && written.size < batch.quantity; round += 1) {
    const wanted = batch.quantity - written.size;
    const candidates = new Set<string>();
    // A bounded number of draws, so a generator stuck on taken names ends in an error, not a hang.
    for (let draw = 0; draw < wanted * 4 && candidates.size < wanted; draw += 1) {
      const candidate = generate();
      if (!written.has(candidate)) candidates.add(candidate);
    }
    if (candidates.size === 0) continue;
    const inserted = await trx
      .insertInto('claim_codes')
      .values([...candidates].map((code) => ({ code, claim_code_id: batch.claimCodeID, uses_left: batch.uses })))
      .onConflict((conflict) => conflict.column('code').doNothing())
      .returning('code')
      .execute();
    for (const row of inserted) written.add(row.code);
  }
  if (written.size < batch.quantity) throw new NoFreeCodeNamesError();
}

/**
 * Creates a batch (docs/product.md §7.9): its rewards checked against items-master, then the admin-log entry
 * createRedemptionCodes, then the batch and its codes, in one transaction, so a create that fails (a taken
 * custom name, an unknown item) leaves neither. The entry's environment, timestamp and admin are the log's
 * own fields; its data carries the batch's details. Answers the new claimCodeID.
 */
export async function createClaimCodeBatch(
  db: Kysely<GameDatabase>,
  input: CreateClaimCodeBatch,
  context: AdminChange,
  generate: CodeGenerator = generateCode,
): Promise<string> {
  const now = context.now ?? new Date();
  const claimCodeID = newClaimCodeID();
  const customName = input.customCodeName ? claimCodeName(input.customCodeName) : null;
  await db.transaction().execute(async (trx) => {
    // A reward that is not in items-master could never reach a player's inventory.
    const missing = await findMissingItems(trx, input.rewards);
    if (missing.length > 0) throw new UnknownItemsError(missing);
    await appendAdminLog(trx, {
      action: CLAIM_CODE_ACTIONS.create,
      environment: context.environment,
      admin: context.admin,
      data: {
        claimCodeID,
        batchName: input.batchName,
        type: input.type,
        uses: input.uses,
        credits: input.credits,
        batchQuantity: input.batchQuantity,
        rewards: input.rewards,
        customCodeName: customName,
      },
      now,
    });
    await trx
      .insertInto('claim_code_batches')
      .values({
        claim_code_id: claimCodeID,
        batch_name: input.batchName,
        type: input.type,
        uses: input.uses,
        credits: input.credits,
        rewards: JSON.stringify(input.rewards),
        // Created available (docs/product.md §4.5).
        is_available: 1,
        created_at: now.toISOString(),
        created_by: context.admin,
      })
      .execute();
    if (customName === null) {
      await insertGeneratedCodes(trx, { claimCodeID, uses: input.uses, quantity: input.batchQuantity }, generate);
      return;
    }
    const inserted = await trx
      .insertInto('claim_codes')
      .values({ code: customName, claim_code_id: claimCodeID, uses_left: input.uses })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .returning('code')
      .executeTakeFirst();
    if (!inserted) throw new ClaimCodeTakenError(customName);
  });
  return claimCodeID;
}

/**
 * Deletes a batch and its codes (docs/product.md §7.9): the admin-log entry deleteCodeBatch first. The codes go
 * before the batch row, the order a redemption locks them in, so the two never deadlock; a delete
 * that finds nothing (also one that lost a race with another delete) rolls its entry back.
 */
export async function deleteClaimCodeBatch(
  db: Kysely<GameDatabase>,
  claimCodeID: string,
  context: AdminChange,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const batch = await trx
      .selectFrom('claim_code_batches')
      .select(['batch_name'])
      .where('claim_code_id', '=', claimCodeID)
      .executeTakeFirst();
    if (!batch) throw new ClaimCodeBatchNotFoundError(claimCodeID);
    await appendAdminLog(trx, {
      action: CLAIM_CODE_ACTIONS.delete,
      environment: context.environment,
      admin: context.admin,
      data: { claimCodeID, batchName: batch.batch_name },
      ...(context.now ? { now: context.now } : {}),
    });
    await trx.deleteFrom('claim_codes').where('claim_code_id', '=', claimCodeID).execute();
    const deleted = await trx
      .deleteFrom('claim_code_batches')
      .where('claim_code_id', '=', claimCodeID)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw new ClaimCodeBatchNotFoundError(claimCodeID);
  });
}

/**
 * The codes' use of items in their rewards (an ItemUseCheck, its module's `itemUses`): an item
 * that a batch with codes left still grants cannot leave items-master. A used-up batch
 * grants nothing more, so it holds no item back.
 */
export async function claimCodeRewardItemUse(db: Kysely<GameDatabase>, itemID: string): Promise<string | null> {
  // The JSON text narrows the candidates; the parsed list decides (an ID can be part of another).
  const candidates = await db
    .selectFrom('claim_code_batches')
    .select(['claim_code_id', 'batch_name', 'rewards'])
    .where('is_available', '=', 1)
    .where(sql<boolean>`lower(rewards) like ${likePattern(JSON.stringify(itemID))} escape '\\'`)
    .orderBy('created_at')
    .execute();
  const batch = candidates.find((candidate) => parseRewards(candidate.rewards).includes(itemID));
  return batch ? `a reward of the code batch "${batch.batch_name}" (${batch.claim_code_id})` : null;
}

/* ------------------------------------------------------------------ redemption */

export interface Redemption {
  /** The code as stored. */
  code: string;
  credits: number;
  rewards: string[];
  rewardItems: NamedItem[];
  /** The player's balance once the redemption applied. */
  balance: number;
}

/**
 * A player redeems a code, in one transaction:
 * 1. the code, its batch and its reward items' names, read;
 * 2. the redemption row, whose primary key (code, player) refuses a second one, also a concurrent one (then a
 *    code read with no use left is refused);
 * 3. the credits (ledger reason 'redemption'), on the player's own rows;
 * 4. one use taken by `uses_left - 1 WHERE uses_left > 0`, which refuses the use after the last;
 * 5. the reward items, keyed by batch, code and player, and each item's count of claims;
 * 6. the batch marked unavailable when its last use went.
 * A refusal throws and rolls everything back.
 *
 * A launch code is one row every player's redemption writes, and on PostgreSQL its lock is held from that
 * write to the commit: redemptions of one code wait for each other there. So the code's row is written after
 * the player's own rows, and held for the items' writes (none for a code of credits only) and the commit
 * rather than for every statement (the redemptions of a launch code queued on it as their first). An item's
 * count of claims is a row every redemption granting it writes too: it is written after the code's, the order
 * every redemption has taken them in, so redemptions never hold them crosswise
 * (docs/decisions/0155-a-launch-codes-row-written-after-the-players.md).
 */
export async function redeemClaimCode(
  db: Kysely<GameDatabase>,
  redemption: { userId: string; code: string; now?: Date },
): Promise<Redemption> {
  const code = claimCodeName(redemption.code);
  const now = redemption.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('claim_codes')
      .innerJoin('claim_code_batches', 'claim_code_batches.claim_code_id', 'claim_codes.claim_code_id')
      .select([
        'claim_codes.claim_code_id',
        'claim_codes.uses_left',
        'claim_code_batches.credits',
        'claim_code_batches.rewards',
      ])
      .where('claim_codes.code', '=', code)
      .executeTakeFirst();
    if (!found) throw new RedeemRefusedError('not-found');
    const rewards = parseRewards(found.rewards);
    const rewardItems = await namedItems(trx, rewards);

    const recorded = await recordRedemption(trx, { code, userId: redemption.userId, now });
    // The player who redeemed it hears so, before that it is used up.
    if (!recorded) throw new RedeemRefusedError('already-redeemed');
    if (found.uses_left <= 0) throw new RedeemRefusedError('used-up');

    // The batch id keeps a code name reused by a later batch from meeting this one's references.
    const reference = `code:${found.claim_code_id}:${code}:${redemption.userId}`;
    const balance =
      found.credits > 0
        ? (
            await credit(trx, {
              userId: redemption.userId,
              amount: found.credits,
              reason: 'redemption',
              reference,
              now,
            })
          ).entry.balanceAfter
        : await getBalance(trx, redemption.userId);

    const used = await trx
      .updateTable('claim_codes')
      .set((eb) => ({ uses_left: eb('uses_left', '-', 1) }))
      .where('code', '=', code)
      .where('claim_code_id', '=', found.claim_code_id)
      .where('uses_left', '>', 0)
      .returning('uses_left')
      .executeTakeFirst();
    // No row: its uses went meanwhile, or (rarely) the code was deleted and one of its name made again
    // between the read and the redemption row, whose foreign key otherwise keeps it from being deleted.
    if (!used)
      throw new RedeemRefusedError((await codeIsThere(trx, code, found.claim_code_id)) ? 'used-up' : 'not-found');

    await grantItems(trx, { userId: redemption.userId, itemIDs: rewards, source: 'redemption', reference, now });
    if (used.uses_left === 0) await markUsedUpBatch(trx, found.claim_code_id);
    return { code, credits: found.credits, rewards, rewardItems, balance };
  });
}

/**
 * The redemption's row, or undefined when the player has one for the code already. A code deleted after it
 * was read fails the row's foreign key (PostgreSQL waits for the delete's commit, then checks): not found.
 */
async function recordRedemption(
  trx: Kysely<GameDatabase>,
  redemption: { code: string; userId: string; now: Date },
): Promise<{ code: string } | undefined> {
  try {
    return await trx
      .insertInto('claim_code_redemptions')
      .values({ code: redemption.code, user_id: redemption.userId, redeemed_at: redemption.now.toISOString() })
      .onConflict((conflict) => conflict.columns(['code', 'user_id']).doNothing())
      .returning('code')
      .executeTakeFirst();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new RedeemRefusedError('not-found');
    throw error;
  }
}

/** Whether the code is still the batch's (not deleted since the redemption read it). */
async function codeIsThere(trx: Kysely<GameDatabase>, code: string, claimCodeID: string): Promise<boolean> {
  const row = await trx
    .selectFrom('claim_codes')
    .select('code')
    .where('code', '=', code)
    .where('claim_code_id', '=', claimCodeID)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the batch unavailable when none of its codes has a use left. Two players taking the last
 * uses of two different codes at once would each still see the other's code as available, so the
 * batch row is locked first (a no-op update): the second checks only once the first has
 * committed, with a fresh view (each statement of PostgreSQL's READ COMMITTED reads anew).
 */
async function markUsedUpBatch(trx: Kysely<GameDatabase>, claimCodeID: string): Promise<void> {
  await trx
    .updateTable('claim_code_batches')
    .set((eb) => ({ is_available: eb.ref('is_available') }))
    .where('claim_code_id', '=', claimCodeID)
    .execute();
  await trx
    .updateTable('claim_code_batches')
    .set({ is_available: 0 })
    .where('claim_code_id', '=', claimCodeID)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('claim_codes')
            .select(sql<number>`1`.as('one'))
            .where('claim_code_id', '=', claimCodeID)
            .where('uses_left', '>', 0),
        ),
      ),
    )
    .execute();
}
