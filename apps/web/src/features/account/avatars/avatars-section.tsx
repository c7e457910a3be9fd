import type { Avatar } from '@outpost/contracts/avatars';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert } from '../../../components/form/form-alert';
import { useFocusedNotice } from '../../../components/form/use-focused-notice';
import { formatDay } from '../../../lib/format-day';
import accountStyles from '../account.module.css';
import { AccountSection } from '../components/account-section';
import { SectionLoadState } from '../components/section-load-state';
import { useClaimAvatar } from './api/claim-avatar';
import { useAvatars } from './api/get-avatars';
import styles from './avatars.module.css';

function claimCount(count: number): string {
  if (count === 0) return 'Not claimed by anyone yet.';
  return `Claimed by ${count} ${count === 1 ? 'player' : 'players'}.`;
}

/** "Avatars": the avatars the signed-in player `userId` can claim (docs/product.md §7.1 claim-avatar), each once. */
export function AvatarsSection({ userId }: { userId: string }) {
  const avatars = useAvatars(userId);
  const claim = useClaimAvatar(userId);
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();

  const claimAvatar = (avatar: Avatar) => {
    setNotice(null);
    claim.start(avatar.avatarID, {
      // The Claim button becomes "Claimed on …": the focus goes to what happened.
      onSuccess: (answer) => announce({ tone: 'ok', text: `${avatar.name}: ${answer.message}` }),
      onError: (error) =>
        setNotice(failureNotice(error, `${avatar.name} could not be claimed. Check your connection and try again.`)),
    });
  };

  return (
    <AccountSection
      title="Avatars"
      intro="Claim an avatar to wear it in the game. Each one is yours to keep once you claim it."
    >
      <SectionLoadState query={avatars} what="the avatars">
        {(data) =>
          data.avatars.length === 0 ? (
            <p className={accountStyles.note}>No avatars can be claimed yet. Check back after the next drop.</p>
          ) : (
            <ul className={styles.avatars}>
              {data.avatars.map((avatar) => (
                <li key={avatar.avatarID} className={styles.avatar}>
                  <h3>{avatar.name}</h3>
                  <p>{avatar.description}</p>
                  <p className={styles.count}>{claimCount(avatar.claimedCount)}</p>
                  {avatar.claimedAt ? (
                    <p className={styles.claimed}>Claimed on {formatDay(avatar.claimedAt)}</p>
                  ) : (
                    <button
                      type="button"
                      className={`button ${styles.claim}`}
                      aria-disabled={claim.busy || undefined}
                      onClick={() => claimAvatar(avatar)}
                    >
                      {claim.pendingInput === avatar.avatarID ? 'Claiming…' : 'Claim'}
                      <span className="visually-hidden"> {avatar.name}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </SectionLoadState>
      <FormAlert ref={alertRef} notice={notice} />
    </AccountSection>
  );
}
