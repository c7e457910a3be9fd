import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/router';
import { storyPath } from '../story-path';
import { Poster } from './poster';
import styles from './theater.module.css';

interface StoryCardProps {
  /** The episodeID or videoID: the card opens /story/{id}. */
  id: string;
  title: string;
  /** Its uploaded picture, or null for the placeholder's words. */
  picture: string | null;
  placeholder: string;
  /** The line under the title ("Season 2 · Episode 10", a sublabel). */
  label: string;
  /** What else the card shows, after the label. */
  children?: ReactNode;
}

/** An episode or theater video in a shelf of the theater home: the whole card opens its viewer. */
export function StoryCard({ id, title, picture, placeholder, label, children }: StoryCardProps) {
  return (
    <li className={styles.card}>
      <Poster src={picture} placeholder={placeholder} />
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>
          <Link to={storyPath(id)} className={styles.cardLink}>
            {title}
          </Link>
        </h3>
        <p className={styles.cardLabel}>{label}</p>
        {children}
      </div>
    </li>
  );
}
