import { ROUTES } from '@outpost/contracts/routes';
import phoneArt from '../../assets/art/download-phone.svg?no-inline';
import { StoreBadges } from '../../components/store-badges/store-badges';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { Link } from '../../lib/router/router';
import styles from './download-screen.module.css';

export const DOWNLOAD_TITLE = pageTitle('Download');

/** PLAY NOW lands here: the store badges, the visitor's own store first. */
export default function DownloadScreen() {
  usePageTitle(DOWNLOAD_TITLE);

  return (
    <section className={`page ${styles.download}`} aria-labelledby="download-title">
      <div className={styles.copy}>
        <p className="kicker">Free on iOS and Android</p>
        <h1 id="download-title" className={styles.title}>
          Play Outpost now
        </h1>
        <p className={styles.lede}>
          The world has fallen, and the resistance needs builders. Download Outpost, salvage your first container and
          start your base with your friends.
        </p>
        <StoreBadges className={styles.badges} />
        <p className={styles.age}>
          <strong>Recommended for ages 16 and older.</strong> By playing you agree to the{' '}
          <Link to={ROUTES.terms}>Terms of Use (EULA)</Link> and our <Link to={ROUTES.privacy}>Privacy Policy</Link>.
        </p>
      </div>
      <img
        className={styles.art}
        src={phoneArt}
        alt="A phone showing the Outpost title screen: the wordmark above a stack of containers at dusk and a Play button."
        width={300}
        height={420}
        decoding="async"
      />
    </section>
  );
}
