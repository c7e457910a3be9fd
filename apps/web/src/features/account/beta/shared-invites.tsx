import type { SharedInvite } from '@outpost/contracts/beta';
import { invitePath } from '@outpost/contracts/routes';
import { ShareLink } from '../../../components/share-link/share-link';
import { shareUrl } from '../../../components/share-link/share-url';
import { formatDay } from '../../../lib/format-day';
import styles from '../account.module.css';

function stateOf(invite: SharedInvite): string {
  if (invite.claimed)
    return invite.claimedAt ? `Claimed by a friend on ${formatDay(invite.claimedAt)}` : 'Claimed by a friend';
  if (invite.expired) return `Expired on ${formatDay(invite.expiration)}`;
  return `Unclaimed · valid until ${formatDay(invite.expiration)}`;
}

/** An accepted player's invites, each with its state; the unclaimed ones with a link to share. */
export function SharedInvites({ invites, maxInvites }: { invites: SharedInvite[]; maxInvites: number }) {
  if (invites.length === 0) return <p className={styles.note}>Your invites are on their way.</p>;
  return (
    <>
      <p className={styles.note}>
        You have {maxInvites} invites to share. Each one lets one friend into the beta; send them the link.
      </p>
      <ol className={styles.invites} aria-label="Your invites">
        {invites.map((invite, index) => (
          <li key={invite.inviteID} className={styles.invite}>
            <p className={styles.inviteState}>
              <strong>Invite {index + 1}</strong>: {stateOf(invite)}
            </p>
            {invite.claimed || invite.expired ? (
              <p className={styles.orderID}>{invite.inviteID}</p>
            ) : (
              <ShareLink label={`Invite link ${index + 1}`} url={shareUrl(invitePath(invite.inviteID))} />
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
