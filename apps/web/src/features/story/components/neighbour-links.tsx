import type { TheaterLink } from '@outpost/contracts/theater';
import { Link } from '../../../lib/router/router';
import { storyPath } from '../story-path';
import styles from './viewer.module.css';

/** Previous and next in watching order (an episode's) or in its collection (a theater video's). */
export function NeighbourLinks({
  label,
  previous,
  next,
}: {
  label: string;
  previous: TheaterLink | null;
  next: TheaterLink | null;
}) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className={styles.neighbours}>
      {previous && <Neighbour link={previous} direction="Previous" rel="prev" />}
      {next && <Neighbour link={next} direction="Next" rel="next" />}
    </nav>
  );
}

function Neighbour({ link, direction, rel }: { link: TheaterLink; direction: string; rel: 'prev' | 'next' }) {
  return (
    <Link to={storyPath(link.theaterID)} rel={rel} className={rel === 'next' ? styles.next : styles.previous}>
      <span className={styles.direction}>
        {direction}: {link.label}
      </span>
      <span className={styles.neighbourTitle}>{link.title}</span>
    </Link>
  );
}
