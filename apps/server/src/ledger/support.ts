import {
  type CreditAdjustmentResult,
  type ItemTakeBackResult,
  PLAYER_SUPPORT_LOG_ACTIONS,
  PLAYER_SUPPORT_MESSAGES,
} from '@outpost/contracts/player-record';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { findMissingItems, itemNamesOf } from '../items/index';
import { grantItems, NotEnoughItemsError, takeBackItems } from './inventory';
import { credit, InsufficientCreditsError, spend } from './ledger';

/*
 * The changes support makes by hand on the player page (docs/decisions/0130-the-player-page.md): credits
 * given or taken back, each one ledger entry with staff's reason (the player reads it in their history),
 * and items put into the inventory or taken back out of it (a row of its own with the reason); each logged
 * in the admin log in the change's own transaction, so a change and its entry commit or roll back together.
 * The ledger's guarded spend and the inventory's locked take-back keep a take-back from going below zero
 * however many run at once: one that asks for more than the player holds changes nothing.
 */

export interface CreditAdjustment {
  userID: string;
  direction: 'grant' | 'takeBack';
  amount: number;
  reason: string;
}

/** A refusal of one field of the change's input (the form marks it): `field` is its path in the input. */
abstract class SupportFieldError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** A take-back of more credits or items than the player holds: nothing changed (409). */
export class TakeBackTooLargeError extends SupportFieldError {}

/** Gives or takes back credits with a reason: one ledger entry and one admin-log entry with the balance before → after. */
export async function adjustCredits(
  db: Kysely<GameDatabase>,
  change: AdminChange,
  adjustment: CreditAdjustment,
): Promise<CreditAdjustmentResult> {
  const now = change.now ?? new Date();
  const { userID, direction, amount, reason } = adjustment;
  try {
    return await db.transaction().execute(async (trx) => {
      const ledgerChange = {
        userId: userID,
        amount,
        reason: 'adjustment' as const,
        reference: `adjustment:${uuidv7()}`,
        note: reason,
        now,
      };
      const { entry } = direction === 'grant' ? await credit(trx, ledgerChange) : await spend(trx, ledgerChange);
      const balanceBefore = entry.balanceAfter - entry.amount;
      const action =
        direction === 'grant' ? PLAYER_SUPPORT_LOG_ACTIONS.creditsGrant : PLAYER_SUPPORT_LOG_ACTIONS.creditsTakeBack;
      await appendAdminLog(
        trx,
        adminLogRecord({ ...change, now }, action, {
          userID,
          amount,
          reason,
          changes: { balance: { from: balanceBefore, to: entry.balanceAfter } },
        }),
      );
      return { entry, balanceBefore, balance: entry.balanceAfter };
    });
  } catch (error) {
    if (error instanceof InsufficientCreditsError) {
      throw new TakeBackTooLargeError(PLAYER_SUPPORT_MESSAGES.tooMuch(error.balance, error.amount), 'amount');
    }
    throw error;
  }
}

/** An item id the environment's catalogue does not have (400). */
export class UnknownItemError extends SupportFieldError {}

/** Puts items into the player's inventory (source "support"), logged with the reason; answers how many were given. */
export async function grantSupportItems(
  db: Kysely<GameDatabase>,
  change: AdminChange,
  grant: { userID: string; itemIDs: readonly string[]; reason: string },
): Promise<number> {
  const now = change.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const [unknown] = await findMissingItems(trx, grant.itemIDs);
    if (unknown !== undefined) throw new UnknownItemError(PLAYER_SUPPORT_MESSAGES.noItem(unknown), 'itemIDs');
    const names = await itemNamesOf(trx, grant.itemIDs);
    await appendAdminLog(
      trx,
      adminLogRecord({ ...change, now }, PLAYER_SUPPORT_LOG_ACTIONS.itemsGrant, {
        userID: grant.userID,
        itemIDs: grant.itemIDs,
        items: grant.itemIDs.map((itemID) => names.get(itemID)),
        reason: grant.reason,
      }),
    );
    await grantItems(trx, {
      userId: grant.userID,
      itemIDs: grant.itemIDs,
      source: 'support',
      reference: `support:${uuidv7()}`,
      now,
    });
    return grant.itemIDs.length;
  });
}

/**
 * Takes `quantity` of one item back from the player with a reason: an inventory row the player reads in
 * their item history ("Taken back by support: <reason>") and an admin-log entry with what they held
 * before → after. An unknown item is refused (400), more than they hold too (409), changing nothing.
 */
export async function takeBackSupportItems(
  db: Kysely<GameDatabase>,
  change: AdminChange,
  takeBack: { userID: string; itemID: string; quantity: number; reason: string },
): Promise<ItemTakeBackResult> {
  const now = change.now ?? new Date();
  const { userID, itemID, quantity, reason } = takeBack;
  return db.transaction().execute(async (trx) => {
    const [unknown] = await findMissingItems(trx, [itemID]);
    if (unknown !== undefined) throw new UnknownItemError(PLAYER_SUPPORT_MESSAGES.noItem(unknown), 'itemID');
    const name = (await itemNamesOf(trx, [itemID])).get(itemID) ?? itemID;
    try {
      const { heldBefore, held } = await takeBackItems(trx, { userId: userID, itemID, quantity, note: reason, now });
      await appendAdminLog(
        trx,
        adminLogRecord({ ...change, now }, PLAYER_SUPPORT_LOG_ACTIONS.itemsTakeBack, {
          userID,
          itemID,
          item: name,
          quantity,
          reason,
          changes: { held: { from: heldBefore, to: held } },
        }),
      );
      return { itemID, name, heldBefore, held };
    } catch (error) {
      if (error instanceof NotEnoughItemsError) {
        throw new TakeBackTooLargeError(
          PLAYER_SUPPORT_MESSAGES.tooManyItems(error.held, error.quantity, name),
          'quantity',
        );
      }
      throw error;
    }
  });
}
