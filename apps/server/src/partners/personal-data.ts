import { referralLinkID } from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { anonymiseColumns, type ErasedSubject, type PersonalDataPart } from '../platform/personal-data';
import { newRandomID } from '../platform/random-id';
import { countReferrals, findJoin, listTierClaims, toReferralLink } from './links';

/**
 * A partner's referral link is named after its creator (`partner_{userID}`), so it is moved to
 * `partner_{anonymousID}` with the joins and tier claims that rely on it; its shareable address
 * stops working (a new referral id; the landing finds no partner behind it anyway). A player's own
 * join and the partner invites they claimed or made stay under the anonymous id.
 */
async function moveLink(trx: Kysely<GameDatabase>, subject: ErasedSubject): Promise<void> {
  const from = referralLinkID(subject.userId);
  const link = await trx.selectFrom('referral_links').selectAll().where('link_id', '=', from).executeTakeFirst();
  if (!link) return;
  const to = referralLinkID(subject.anonymousId);
  // The new row first, as the joins and claims reference the link's id; a sweep finding a link
  // recreated by a request under way merges it into the one the first pass moved.
  await trx
    .insertInto('referral_links')
    .values({ ...link, link_id: to, creator: subject.anonymousId, referral_id: newRandomID() })
    .onConflict((conflict) => conflict.column('link_id').doNothing())
    .execute();
  await trx.updateTable('referral_joins').set({ link_id: to }).where('link_id', '=', from).execute();
  await trx
    .updateTable('referral_tier_claims')
    .set({ link_id: to })
    .where('link_id', '=', from)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('referral_tier_claims as moved')
            .select('moved.tier_id')
            .where('moved.link_id', '=', to)
            .whereRef('moved.reward_id', '=', 'referral_tier_claims.reward_id')
            .whereRef('moved.tier_id', '=', 'referral_tier_claims.tier_id'),
        ),
      ),
    )
    .execute();
  // What is left under the old id (a tier claimed under both) goes with it.
  await trx.deleteFrom('referral_links').where('link_id', '=', from).execute();
}

export const partnerPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const linkID = referralLinkID(userId);
    const [link, join, invites] = await Promise.all([
      db.selectFrom('referral_links').selectAll().where('link_id', '=', linkID).executeTakeFirst(),
      findJoin(db, userId),
      db
        .selectFrom('partner_invites')
        .select(['invite_id', 'claimed_at'])
        .where('claimed_by', '=', userId)
        .orderBy('claimed_at')
        .execute(),
    ]);
    const claims = link ? await listTierClaims(db, [linkID]) : [];
    return {
      referralLink: link
        ? toReferralLink(
            link,
            await countReferrals(db, linkID),
            claims.map((claim) => claim.tier_id),
          )
        : null,
      joinedThroughReferral: join ? { joinedAt: join.joined } : null,
      partnerInvitesClaimed: invites.map((row) => ({ inviteID: row.invite_id, claimedAt: row.claimed_at })),
    };
  },
  async erase(trx, subject) {
    await moveLink(trx, subject);
    await anonymiseColumns(
      trx,
      { referral_joins: ['user_id'], partner_invites: ['claimed_by', 'created_by'] },
      subject,
    );
  },
};
