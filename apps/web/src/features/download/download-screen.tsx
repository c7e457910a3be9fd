import { ROUTES } from '@outpost/contracts/routes';
import { useEffect } from 'react';
import { Link } from 'react-router';
import phoneArt from '../../assets/art/download-phone.svg?no-inline';
import { StoreBadges } from '../../components/store-badges/store-badges';
import { storeOrder } from '../../components/store-badges/store-order';
import styles from './download-screen.module.css';

/** PLAY NOW lands here: the store badges, the visitor's own store first. */
export default function DownloadScreen() {
  useEffect(() => {
    document.title = 'Download — Outpost';
  }, []);

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
        <StoreBadges order={storeOrder(navigator.userAgent)} className={styles.badges} />
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
