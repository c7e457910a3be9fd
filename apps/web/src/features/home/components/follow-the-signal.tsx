import { SocialLinks } from '../../../components/social-links/social-links';
import styles from './follow-the-signal.module.css';

/** The community and social channels, last on the page. */
export function FollowTheSignal() {
  return (
    <section className={styles.follow} aria-labelledby="follow-title">
      <h2 id="follow-title" className={styles.title}>
        Follow the signal
      </h2>
      <p>Chat with the crews, catch the podcast and see what survivors are building this week.</p>
      <SocialLinks />
    </section>
  );
}
