import { ROUTES } from '@outpost/contracts/routes';
import { episodeLabel, THEATER_MESSAGES, type TheaterEntry } from '@outpost/contracts/theater';
import { LiveUpdates } from '../../components/live-status/live-status';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { QueryProvider } from '../../lib/query-client';
import { Link, useParams } from '../../lib/router/router';
import { isNotFound, useEntry } from './api/get-entry';
import { THEATER_TOPICS } from './api/query-keys';
import { EpisodeStats } from './components/episode-stats';
import { Favourites } from './components/favourites';
import { NeighbourLinks } from './components/neighbour-links';
import { Player } from './components/player';
import styles from './components/viewer.module.css';
import { collectionAnchor } from './library';
import { playerSource } from './player-source';

const NOT_FOUND_TITLE = 'Episode not found';

/** /story/{id}: an episode (or a theater video) behind a click-to-play stage, its stats, favourites and neighbours. */
export default function TheaterViewer() {
  return (
    <QueryProvider>
      <Viewer />
      <LiveUpdates topics={THEATER_TOPICS} />
    </QueryProvider>
  );
}

function Viewer() {
  const { episodeID = '' } = useParams();
  const entry = useEntry(episodeID);
  if (entry.data) return <Entry key={episodeID} entry={entry.data} />;
  // Until the answer is in, the document keeps the title the server gave it.
  return (
    <section className={`page ${styles.viewer}`} aria-labelledby="viewer-title">
      {entry.isPending ? (
        <p role="status">Loading the episode…</p>
      ) : isNotFound(entry.error) ? (
        <NotFound />
      ) : (
        <p role="alert">This episode could not be loaded. Check your connection and reload the page.</p>
      )}
    </section>
  );
}

function NotFound() {
  usePageTitle(pageTitle(NOT_FOUND_TITLE));
  return (
    <>
      <h1 id="viewer-title">{NOT_FOUND_TITLE}</h1>
      <p>{THEATER_MESSAGES.notFound}</p>
      <p>
        <Link to={ROUTES.story}>Back to the theater</Link>
      </p>
    </>
  );
}

const entryTitle = (entry: TheaterEntry) => (entry.kind === 'episode' ? entry.episode.title : entry.video.title);

function Entry({ entry }: { entry: TheaterEntry }) {
  const title = entryTitle(entry);
  usePageTitle(pageTitle(title));
  return (
    <article className={`page ${styles.viewer}`} aria-labelledby="viewer-title">
      <p className={styles.back}>
        <Link to={ROUTES.story}>
          <span aria-hidden="true">← </span>The Story Theater
        </Link>
      </p>
      <p className="kicker">{entry.kind === 'episode' ? episodeLabel(entry.episode) : 'Theater video'}</p>
      <h1 id="viewer-title">{title}</h1>
      {entry.kind === 'episode' ? (
        <>
          <Player
            title={title}
            poster={entry.episode.bannerUrl ?? entry.episode.bannerThumbnailUrl}
            source={playerSource(entry)}
          />
          <Favourites episode={entry.episode} />
          {entry.episode.stats.values.length > 0 && (
            <section aria-labelledby="viewer-stats" className={styles.section}>
              <h2 id="viewer-stats">In-game stats</h2>
              <EpisodeStats stats={entry.episode.stats.values} />
              {entry.episode.stats.updatedAt && (
                <p className={styles.note}>
                  Reported by the game on{' '}
                  <time dateTime={entry.episode.stats.updatedAt}>
                    {new Date(entry.episode.stats.updatedAt).toLocaleString(undefined, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </time>
                  .
                </p>
              )}
            </section>
          )}
          <NeighbourLinks label="Episodes" previous={entry.previous} next={entry.next} />
        </>
      ) : (
        <>
          <Player title={title} poster={entry.video.thumbnail} source={playerSource(entry)} />
          {entry.collection && (
            <p className={styles.note}>
              From the collection{' '}
              <Link to={`${ROUTES.story}#${collectionAnchor(entry.collection.collectionID)}`}>
                {entry.collection.title}
              </Link>
              .
            </p>
          )}
          <NeighbourLinks
            label={entry.collection ? entry.collection.title : 'Videos'}
            previous={entry.previous}
            next={entry.next}
          />
        </>
      )}
    </article>
  );
}
