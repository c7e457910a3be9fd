import { THEATER_MESSAGES, type TheaterLibrary } from '@outpost/contracts/theater';
import { LiveUpdates } from '../../components/live-status/live-status';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { QueryProvider } from '../../lib/query-client';
import { useMe } from '../../lib/session';
import { useFavouriteEpisodes } from './api/get-favourite-episodes';
import { useLibrary } from './api/get-library';
import { THEATER_TOPICS } from './api/query-keys';
import { EpisodeCard } from './components/episode-card';
import { Shelf } from './components/shelf';
import styles from './components/theater.module.css';
import { VideoCard } from './components/video-card';
import { collectionAnchor, favouriteEpisodes, groupBySeason, seasonAnchor } from './library';

// The server renders the same title into the story documents' head (theater/documents.ts).
const THEATER_TITLE = pageTitle('Story Theater');
const FAVOURITES_ANCHOR = 'your-favourites';

/** /story/: mtota season by season, the player's favourites, and the theater videos in their collections. */
export default function TheaterHome() {
  return (
    <QueryProvider>
      <Home />
      <LiveUpdates topics={THEATER_TOPICS} />
    </QueryProvider>
  );
}

function Home() {
  usePageTitle(THEATER_TITLE);
  const library = useLibrary();
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="theater-title">
      <p className="kicker">mtota · the episode library</p>
      <h1 id="theater-title">The Story Theater</h1>
      <p className={styles.lead}>
        The resistance's story, episode by episode: catch up on a season, watch again, and see what players did in the
        game after each one.
      </p>
      {library.isPending ? (
        <p role="status">Loading the episodes…</p>
      ) : library.isError ? (
        <p role="alert">The theater could not be loaded. Check your connection and reload the page.</p>
      ) : (
        <Library library={library.data} />
      )}
    </section>
  );
}

function Library({ library }: { library: TheaterLibrary }) {
  const me = useMe();
  const favouriteIDs = useFavouriteEpisodes(me.data?.user?.id ?? null).data?.episodeIDs ?? [];
  const favourites = favouriteEpisodes(library.episodes, favouriteIDs);
  const seasons = groupBySeason(library.episodes);
  const collections = library.collections.filter((collection) => collection.videos.length > 0);
  const jumps = [
    ...(favourites.length > 0 ? [{ anchor: FAVOURITES_ANCHOR, label: 'Your favourites' }] : []),
    ...seasons.map(({ season }) => ({ anchor: seasonAnchor(season), label: `Season ${season}` })),
    ...collections.map((collection) => ({
      anchor: collectionAnchor(collection.collectionID),
      label: collection.title,
    })),
  ];

  return (
    <>
      {jumps.length > 1 && (
        <nav aria-label="Seasons and collections" className={styles.jumps}>
          <ul>
            {jumps.map((jump) => (
              <li key={jump.anchor}>
                {/* A plain fragment link: the browser scrolls and moves the keyboard's starting point there. */}
                <a href={`#${jump.anchor}`}>{jump.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {favourites.length > 0 && (
        <Shelf id={FAVOURITES_ANCHOR} title="Your favourites">
          {favourites.map((episode) => (
            <EpisodeCard key={episode.episodeID} episode={episode} />
          ))}
        </Shelf>
      )}
      {seasons.length === 0 && <p className={styles.empty}>{THEATER_MESSAGES.libraryEmpty}</p>}
      {seasons.map(({ season, episodes }) => (
        <Shelf key={season} id={seasonAnchor(season)} title={`Season ${season}`}>
          {episodes.map((episode) => (
            <EpisodeCard key={episode.episodeID} episode={episode} />
          ))}
        </Shelf>
      ))}
      {collections.map((collection) => (
        <Shelf
          key={collection.collectionID}
          id={collectionAnchor(collection.collectionID)}
          title={collection.title}
          kicker="Theater videos"
        >
          {collection.videos.map((video) => (
            <VideoCard key={video.videoID} video={video} />
          ))}
        </Shelf>
      ))}
    </>
  );
}
