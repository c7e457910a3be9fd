import { BETA_MESSAGES } from '@outpost/contracts/beta';
import styles from '../account.module.css';
import { useBetaProgramme } from '../api/get-beta-programme';
import { AccountSection } from '../components/account-section';
import { SectionLoadState } from '../components/section-load-state';
import { FeedbackForm } from './feedback-form';

/** "Feedback": what testers think, against the active testing objectives; closed when staff close it. */
export function FeedbackSection() {
  const programme = useBetaProgramme();
  return (
    <AccountSection
      title="Feedback"
      intro="Tried something in the game? Tell us how it went. Our team reads every message."
    >
      <SectionLoadState query={programme} what="the feedback form">
        {(data) =>
          data.config.feedbackOpen ? (
            <FeedbackForm config={data.config} objectives={data.objectives} />
          ) : (
            <p className={styles.stateLine}>{BETA_MESSAGES.feedbackClosed}</p>
          )
        }
      </SectionLoadState>
    </AccountSection>
  );
}
