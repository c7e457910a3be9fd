import { BETA_MESSAGES } from '@outpost/contracts/beta';
import styles from '../account.module.css';
import { useBetaProgramme } from '../api/get-beta-programme';
import { AccountSection } from '../components/account-section';
import { FeedbackForm } from './feedback-form';

/** "Feedback": what testers think, against the active testing objectives; closed when staff close it. */
export function FeedbackSection() {
  const programme = useBetaProgramme();
  const data = programme.data;
  return (
    <AccountSection
      title="Feedback"
      intro="Tried something in the game? Tell us how it went. Our team reads every message."
    >
      {programme.isPending ? (
        <p role="status">Loading the feedback form…</p>
      ) : programme.isError || !data ? (
        <p role="alert">The feedback form could not be loaded. Check your connection and reload the page.</p>
      ) : data.config.feedbackOpen ? (
        <FeedbackForm config={data.config} objectives={data.objectives} />
      ) : (
        <p className={styles.stateLine}>{BETA_MESSAGES.feedbackClosed}</p>
      )}
    </AccountSection>
  );
}
