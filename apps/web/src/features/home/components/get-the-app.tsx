import { StoreBadges } from '../../../components/store-badges/store-badges';
import styles from './get-the-app.module.css';

/** The store badges, in the order that suits the visitor's phone. */
export function GetTheApp() {
  return (
    <section className={styles.app} aria-labelledby="get-app-title">
      <h2 id="get-app-title" className={styles.title}>
        Get the app
      </h2>
      <p>Outpost is free to download on iPhone, iPad and Android. Recommended for ages 16 and older.</p>
      <StoreBadges className={styles.badges} />
    </section>
  );
}
