import type { EpisodeStat } from '@outpost/contracts/theater';
import { formatNumber } from '../format';
import styles from './theater.module.css';

/**
 * An episode's in-game figures with their labels, in the game's order; nothing when the game sent
 * none. On a card (`compact`) they are rows of label and figure; in the viewer, large figures side by side.
 */
export function EpisodeStats({
  stats,
  limit,
  compact = false,
}: {
  stats: readonly EpisodeStat[];
  limit?: number;
  compact?: boolean;
}) {
  if (stats.length === 0) return null;
  return (
    <dl className={compact ? `${styles.stats} ${styles.compact}` : styles.stats}>
      {stats.slice(0, limit).map((stat) => (
        <div key={stat.key} className={styles.stat}>
          <dt>{stat.label}</dt>
          <dd>{formatNumber(stat.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
