import type { SharedInvite } from '@outpost/contracts/beta';
import { invitePath } from '@outpost/contracts/routes';
import styles from '../account.module.css';
import { ShareLink } from '../components/share-link';

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function stateOf(invite: SharedInvite): string {
  if (invite.claimed)
    return invite.claimedAt ? `Claimed by a friend on ${when(invite.claimedAt)}` : 'Claimed by a friend';
  if (invite.expired) return `Expired on ${when(invite.expiration)}`;
  return `Unclaimed · valid until ${when(invite.expiration)}`;
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
              <ShareLink
                label={`Invite link ${index + 1}`}
                url={`${window.location.origin}${invitePath(invite.inviteID)}`}
              />
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
