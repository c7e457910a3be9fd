import type { Avatar } from '@outpost/contracts/avatars';
import { useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useMe } from '../../../lib/session';
import accountStyles from '../account.module.css';
import { AccountSection } from '../components/account-section';
import { useClaimAvatar } from './api/claim-avatar';
import { useAvatars } from './api/get-avatars';
import styles from './avatars.module.css';

/** "Avatars": the avatars a signed-in player can claim (spec §7 claim-avatar), each once. */
export function AvatarsSection() {
  const me = useMe();
  const userId = me.data?.user?.id;
  return userId ? <Avatars userId={userId} /> : null;
}

const claimedOn = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function claimCount(count: number): string {
  if (count === 0) return 'Not claimed by anyone yet.';
  return `Claimed by ${count} ${count === 1 ? 'player' : 'players'}.`;
}

function Avatars({ userId }: { userId: string }) {
  const avatars = useAvatars(userId);
  const claim = useClaimAvatar(userId);
  const [notice, setNotice] = useState<FormNotice | null>(null);

  const claimAvatar = (avatar: Avatar) => {
    if (claim.isPending) return;
    setNotice(null);
    claim.mutate(avatar.avatarID, {
      onSuccess: (answer) => setNotice({ tone: 'ok', text: `${avatar.name}: ${answer.message}` }),
      onError: (error) =>
        setNotice(failureNotice(error, `${avatar.name} could not be claimed. Check your connection and try again.`)),
    });
  };

  return (
    <AccountSection
      title="Avatars"
      intro="Claim an avatar to wear it in the game. Each one is yours to keep once you claim it."
    >
      {avatars.isPending ? (
        <p role="status">Loading the avatars…</p>
      ) : avatars.isError ? (
        <p role="alert">The avatars could not be loaded. Check your connection and reload the page.</p>
      ) : avatars.data.avatars.length === 0 ? (
        <p className={accountStyles.note}>No avatars can be claimed yet. Check back after the next drop.</p>
      ) : (
        <ul className={styles.avatars}>
          {avatars.data.avatars.map((avatar) => (
            <li key={avatar.avatarID} className={styles.avatar}>
              <h3>{avatar.name}</h3>
              <p>{avatar.description}</p>
              <p className={styles.count}>{claimCount(avatar.claimedCount)}</p>
              {avatar.claimedAt ? (
                <p className={styles.claimed}>Claimed on {claimedOn.format(new Date(avatar.claimedAt))}</p>
              ) : (
                <button
                  type="button"
                  className={`button ${styles.claim}`}
                  aria-disabled={claim.isPending || undefined}
                  onClick={() => claimAvatar(avatar)}
                >
                  {claim.isPending && claim.variables === avatar.avatarID ? 'Claiming…' : 'Claim'}
                  <span className="visually-hidden"> {avatar.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormAlert notice={notice} />
    </AccountSection>
  );
}
