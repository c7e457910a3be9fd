import { ROUTES } from '@outpost/contracts/routes';
import { Link } from '../../../lib/router/router';
import { DeferredVideo } from './deferred-video';
import styles from './hero-teaser.module.css';

const TEASER_SOURCES = [
  { src: '/media/teaser.webm', type: 'video/webm; codecs="vp9"' },
  { src: '/media/teaser.mp4', type: 'video/mp4' },
] as const;

/** The top of the landing page: the pitch, the page's only h1 and the teaser video. */
export function HeroTeaser() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={`kicker ${styles.kicker}`}>A social open-world game for iOS and Android</p>
          <h1 id="hero-title" className={styles.title}>
            Join the resistance
          </h1>
          <p className={styles.lede}>
            The world has fallen. Survivors are building it back one shipping container at a time. Raise your outpost,
            quest with your friends and hang out in a world you help build.
          </p>
          <div className={styles.actions}>
            <a className="button" href="#signup">
              Get early access
            </a>
            <Link className={styles.secondary} to={ROUTES.download}>
              Download the game
            </Link>
          </div>
        </div>
        <DeferredVideo
          sources={TEASER_SOURCES}
          poster="/media/teaser-poster.jpg"
          title="the Outpost teaser"
          priority
          caption="Teaser, 6 seconds, no sound: a dusk skyline of ruins and stacked containers, then the words “The world fell. The resistance builds.”"
        />
      </div>
    </section>
  );
}
