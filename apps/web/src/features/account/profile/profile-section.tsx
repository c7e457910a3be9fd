import styles from '../account.module.css';
import { AccountSection } from '../components/account-section';
import { DisplayNameForm } from './display-name-form';
import { PasswordForm } from './password-form';

/** "Profile": the display name the bar and other players see, the sign-in email, the password. */
export function ProfileSection({ displayName, email }: { displayName: string | null; email: string }) {
  return (
    <AccountSection title="Profile">
      <DisplayNameForm displayName={displayName} />
      <dl className={styles.facts}>
        <dt>Email</dt>
        <dd>{email}</dd>
      </dl>
      <p className={styles.note}>
        You sign in with this address. It cannot be changed here yet: a change needs a confirmation sent to the new
        address, which we do not offer yet.
      </p>
      <PasswordForm />
    </AccountSection>
  );
}
