import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import { formatDay } from '../../../lib/format-day';
import styles from '../account.module.css';
import { useAccountBeta } from '../api/get-account-beta';
import { AccountSection } from '../components/account-section';
import { SectionLoadState } from '../components/section-load-state';
import { BetaRequestForm } from './beta-request-form';
import { SharedInvites } from './shared-invites';

/**
 * "Beta programme": the player's request to enter (a form until they ask, its state afterwards),
 * the invites an accepted player shares, and the invite they came in with.
 */
export function BetaSection() {
  const beta = useAccountBeta();
  return (
    <AccountSection
      title="Beta programme"
      intro="Play the game before everyone else and tell us what to fix. Accepted players get invites to share with friends."
    >
      <SectionLoadState query={beta} what="your beta programme">
        {({ request, invites, claimedInvite }) => (
          <>
            {claimedInvite && (
              <p className={styles.note}>
                You joined with the invite <code>{claimedInvite}</code>.
              </p>
            )}
            {request?.status === BETA_REQUEST_STATUS.accepted ? (
              <>
                <p className={styles.stateLine}>
                  <strong className={styles.accepted}>Accepted</strong>
                  {request.acceptedAt && ` on ${formatDay(request.acceptedAt)}`}. Welcome to the beta!
                </p>
                <SharedInvites invites={invites} maxInvites={request.maxInvites} />
              </>
            ) : request ? (
              <p className={styles.stateLine}>
                <strong>Requested</strong> on {formatDay(request.timestamp)}. Our staff will look at it soon; you can
                still change your answers below.
              </p>
            ) : (
              <p className={styles.note}>Tell us a little about how you play, and ask to join.</p>
            )}
            {request?.status !== BETA_REQUEST_STATUS.accepted && <BetaRequestForm request={request} />}
          </>
        )}
      </SectionLoadState>
    </AccountSection>
  );
}
