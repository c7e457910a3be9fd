import {
  type AccountReferral,
  PARTNER_MESSAGES,
  type PartnerInviteClaim,
  type TierState,
} from '@outpost/contracts/partners';
import { referralPath } from '@outpost/contracts/routes';
import { type FormEvent, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFocusedNotice } from '../../../components/form/use-focused-notice';
import { ShareLink } from '../../../components/share-link/share-link';
import { shareUrl } from '../../../components/share-link/share-url';
import { formatDay } from '../../../lib/format-day';
import styles from '../account.module.css';
import { AccountSection } from '../components/account-section';
import { SectionLoadState } from '../components/section-load-state';
import { useClaimPartnerInvite } from './api/claim-partner-invite';
import { useClaimTier, useReferralLink } from './api/referral-link';
import partnerStyles from './partner.module.css';
import { partnerJoinedText, tierClaimedText, tierGift } from './reward-text';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "Partner programme": a partner's referral link to share, how many players joined through it and
 * the reward tiers to claim; anyone else can enter a partner invite code to become a partner. The
 * outcome of becoming one lives here, above both: the form it came from is gone once it succeeds.
 */
export function PartnerSection() {
  const referral = useReferralLink();
  const joined = useFocusedNotice();
  return (
    <AccountSection
      title="Partner programme"
      intro="Partners bring new players to Outpost with their own link and earn rewards as their crew grows."
    >
      <FormAlert ref={joined.alertRef} notice={joined.notice} />
      <SectionLoadState query={referral} what="the partner programme">
        {(data) =>
          data.partner ? (
            <PartnerLink referral={data} />
          ) : (
            <PartnerInviteForm onJoined={(claim) => joined.announce({ tone: 'ok', text: partnerJoinedText(claim) })} />
          )
        }
      </SectionLoadState>
    </AccountSection>
  );
}

function PartnerLink({ referral }: { referral: Extract<AccountReferral, { partner: true }> }) {
  const { link, tiers, recentReferrals } = referral;
  return (
    <>
      <ShareLink label="Your referral link" url={shareUrl(referralPath(link.referralID))} />
      <p className={styles.stateLine}>
        <strong>{plural(link.referralCount, 'player has', 'players have')}</strong> joined through your link.
      </p>
      <h3 className={partnerStyles.heading}>Rewards{referral.rewardName ? `: ${referral.rewardName}` : ''}</h3>
      {tiers.length === 0 ? (
        <p className={styles.note}>Your reward has no tiers yet.</p>
      ) : (
        <ul className={partnerStyles.tiers} aria-label="Reward tiers">
          {tiers.map((tier) => (
            <TierRow key={tier.tierID} tier={tier} />
          ))}
        </ul>
      )}
      {recentReferrals.length > 0 && (
        <>
          <h3 className={partnerStyles.heading}>Latest players you brought in</h3>
          <ul className={partnerStyles.recent}>
            {recentReferrals.map((player) => (
              <li key={`${player.displayName}-${player.joined}`}>
                {player.displayName} <span className={styles.note}>joined {formatDay(player.joined)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function TierRow({ tier }: { tier: TierState }) {
  const claim = useClaimTier();
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();
  const onClaim = () => {
    setNotice(null);
    claim.start(tier.tierID, {
      // The Claim button becomes "Claimed on …": the focus goes to what happened.
      onSuccess: (claimed) => announce({ tone: 'ok', text: tierClaimedText(tier, claimed) }),
      onError: (error) => setNotice(failureNotice(error, 'The tier could not be claimed. Try again.')),
    });
  };
  return (
    <li className={partnerStyles.tier}>
      <span>
        <strong>{plural(tier.referrals, 'referral', 'referrals')}</strong>: {tierGift(tier)}
      </span>
      {tier.state === 'claimed' ? (
        <span className={styles.accepted}>Claimed{tier.claimedAt ? ` on ${formatDay(tier.claimedAt)}` : ''}</span>
      ) : tier.state === 'claimable' ? (
        <button
          type="button"
          className="button"
          onClick={onClaim}
          disabled={claim.busy}
          aria-label={`Claim ${tierGift(tier)} for ${plural(tier.referrals, 'referral', 'referrals')}`}
        >
          {claim.busy ? 'Claiming…' : 'Claim'}
        </button>
      ) : (
        <span className={styles.note}>Locked</span>
      )}
      <FormAlert ref={alertRef} notice={notice} />
    </li>
  );
}

function PartnerInviteForm({ onJoined }: { onJoined: (claim: PartnerInviteClaim) => void }) {
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const claim = useClaimPartnerInvite();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const inviteID = code.trim().toLowerCase();
    if (claim.busy) return;
    if (!/^[a-z0-9][a-z0-9-]*$/.test(inviteID)) return setNotice({ tone: 'error', text: PARTNER_MESSAGES.inviteID });
    setNotice(null);
    // Callbacks on the spend's promise: on success this form unmounts (the section shows the link instead).
    claim.start(inviteID, {
      onSuccess: onJoined,
      onError: (error) => setNotice(failureNotice(error, 'The code could not be claimed. Try again.')),
    });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Become a partner">
      <p className={styles.note}>
        Got a partner invite code from the Outpost team? Enter it to get your referral link.
      </p>
      <FormField
        label="Partner invite code"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormAlert notice={notice} />
      <button type="submit" className={`button ${styles.submit}`} disabled={claim.busy}>
        {claim.busy ? 'Claiming…' : 'Become a partner'}
      </button>
    </form>
  );
}
