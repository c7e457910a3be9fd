import { type Episode, episodeLabel } from '@outpost/contracts/theater';
import { favouritesText, shortEpisodeLabel } from '../format';
import { EpisodeStats } from './episode-stats';
import { StoryCard } from './story-card';
import styles from './theater.module.css';

/** A card shows the game's first few figures; the viewer shows them all (up to 20 could be sent). */
const CARD_STATS = 3;

/** One episode in a shelf of the theater home, with its figures and favourites. */
export function EpisodeCard({ episode }: { episode: Episode }) {
  return (
    <StoryCard
      id={episode.episodeID}
      title={episode.title}
      picture={episode.bannerThumbnailUrl}
      placeholder={shortEpisodeLabel(episode)}
      label={episodeLabel(episode)}
    >
      <EpisodeStats stats={episode.stats.values} limit={CARD_STATS} compact />
      <p className={styles.cardNote}>{favouritesText(episode.favouriteCount)}</p>
    </StoryCard>
  );
}
