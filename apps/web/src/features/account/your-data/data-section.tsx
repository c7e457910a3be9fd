import { AccountSection } from '../components/account-section';
import { AccountDeletion } from './account-deletion';
import { DataDownload } from './data-download';

/** "Your data": the player's copy of what Outpost keeps about them, and the deletion of their account. */
export function DataSection({ onDeleted }: { onDeleted: () => void }) {
  return (
    <AccountSection title="Your data" intro="Take a copy of what Outpost keeps about you, or delete your account.">
      <DataDownload />
      <AccountDeletion onDeleted={onDeleted} />
    </AccountSection>
  );
}
