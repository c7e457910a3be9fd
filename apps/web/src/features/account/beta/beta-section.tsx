import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import styles from '../account.module.css';
import { useAccountBeta } from '../api/get-account-beta';
import { AccountSection } from '../components/account-section';
import { BetaRequestForm } from './beta-request-form';
import { SharedInvites } from './shared-invites';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });

/**
 * "Beta programme": the player's request to enter (a form until they ask, its state afterwards),
 * the invites an accepted player shares, and the invite they came in with.
 */
export function BetaSection() {
  const beta = useAccountBeta();
  const data = beta.data;
  const request = data?.request ?? null;

  return (
    <AccountSection
      title="Beta programme"
      intro="Play the game before everyone else and tell us what to fix. Accepted players get invites to share with friends."
    >
      {beta.isPending ? (
        <p role="status">Loading your beta programme…</p>
      ) : beta.isError || !data ? (
        <p role="alert">Your beta programme could not be loaded. Check your connection and reload the page.</p>
      ) : (
        <>
          {data.claimedInvite && (
            <p className={styles.note}>
              You joined with the invite <code>{data.claimedInvite}</code>.
            </p>
          )}
          {request?.status === BETA_REQUEST_STATUS.accepted ? (
            <>
              <p className={styles.stateLine}>
                <strong className={styles.accepted}>Accepted</strong>
                {request.acceptedAt && ` on ${day(request.acceptedAt)}`}. Welcome to the beta!
              </p>
              <SharedInvites invites={data.invites} maxInvites={request.maxInvites} />
            </>
          ) : request ? (
            <p className={styles.stateLine}>
              <strong>Requested</strong> on {day(request.timestamp)}. Our staff will look at it soon; you can still
              change your answers below.
            </p>
          ) : (
            <p className={styles.note}>Tell us a little about how you play, and ask to join.</p>
          )}
          {request?.status !== BETA_REQUEST_STATUS.accepted && <BetaRequestForm request={request} />}
        </>
      )}
    </AccountSection>
  );
}
