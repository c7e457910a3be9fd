import { ROUTES } from '@outpost/contracts/routes';
import campArt from '../../assets/art/about-camp.svg?no-inline';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { Link } from '../../lib/router/router';
import styles from './about-screen.module.css';

export const ABOUT_TITLE = pageTitle('About');

/** About: what Outpost is, the world, what players do, and the programmes around the game. */
export default function AboutScreen() {
  usePageTitle(ABOUT_TITLE);

  return (
    <article className={`page ${styles.about}`} aria-labelledby="about-title">
      <header className={styles.header}>
        <p className="kicker">About the game</p>
        <h1 id="about-title" className={styles.title}>
          About Outpost
        </h1>
        <p className={styles.lede}>
          Outpost is a social open-world game for iOS and Android. The old world has fallen; you are one of the
          survivors who join the resistance, build a home out of shipping containers and bring the world back to life
          with your friends.
        </p>
      </header>

      <img
        className={styles.art}
        src={campArt}
        alt="Survivors gathered round a fire at night between two stacks of lit shipping containers, a radio mast with a red beacon and an orange resistance flag above them."
        width={800}
        height={360}
        decoding="async"
      />

      <section aria-labelledby="about-world">
        <h2 id="about-world">The world</h2>
        <p>
          Cities stand empty, the grid is dark and the roads belong to the dust. But signals still crackle across the
          wasteland: scattered crews have started to rebuild, linked by the resistance's radio relays. The world is one
          shared, persistent map, and it changes as its players do.
        </p>
      </section>

      <section aria-labelledby="about-play">
        <h2 id="about-play">What you do</h2>
        <ul className={styles.list}>
          <li>
            <strong>Build and decorate.</strong> Salvage containers, cut them open, stack and weld them into a base,
            then furnish every room.
          </li>
          <li>
            <strong>Play and quest.</strong> Head out on scavenging runs, signal hunts and rescue missions that push the
            resistance further across the map.
          </li>
          <li>
            <strong>Dress your avatar.</strong> Patched jackets, scavenged gear and resistance colours, and the best
            pieces can be ordered as real-world merch.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-social">
        <h2 id="about-social">Better together</h2>
        <p>
          Outpost is built to be played with friends. Invite your crew to your base, quest together, or just hang out on
          a rooftop and talk. Public chat is not logged, direct messages are stored privately and staff cannot read
          them, and voice chat in public spaces is screened for profanity so open spaces stay friendly.
        </p>
      </section>

      <section aria-labelledby="about-mtota">
        <h2 id="about-mtota">The episode library: mtota</h2>
        <p>
          The story of the resistance unfolds in episodes. mtota, the episode library, lets you watch every episode,
          favourite the ones you love and see in-game stats alongside them.{' '}
          <Link to={ROUTES.story} reloadDocument>
            Open the story
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="about-programmes">
        <h2 id="about-programmes">Beta and partner programmes</h2>
        <h3>The beta</h3>
        <p>
          Outpost is in beta. Signed-in players can claim an invite or request entry, and beta testers send feedback
          straight to the team: what they report shapes what we build next.{' '}
          <Link to={ROUTES.login}>Sign in or create an account</Link> to take part, or{' '}
          <Link to={`${ROUTES.home}#signup`}>join the launch list</Link>.
        </p>
        <h3>Partners</h3>
        <p>
          Creators and community leaders can join the partner programme: invite their audience with a referral link and
          earn rewards as new survivors join.
        </p>
      </section>

      <section aria-labelledby="about-age">
        <h2 id="about-age">Who it is for</h2>
        <p>
          Outpost is recommended for ages 16 and older. Playing means agreeing to our{' '}
          <Link to={ROUTES.terms}>Terms of Use (EULA)</Link>; our <Link to={ROUTES.privacy}>Privacy Policy</Link>{' '}
          explains what we keep and why.
        </p>
        <p>
          <Link to={ROUTES.download} className="button">
            PLAY NOW
          </Link>
        </p>
      </section>
    </article>
  );
}
