import { ROUTES } from '@outpost/contracts/routes';
import type { Episode } from '@outpost/contracts/theater';
import { useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { Link } from '../../../lib/router/router';
import { useMe } from '../../../lib/session';
import { useFavouriteEpisode } from '../api/favourite-episode';
import { useFavouriteEpisodes } from '../api/get-favourite-episodes';
import { favouritesText } from '../format';
import { storyPath } from '../story-path';
import styles from './viewer.module.css';

/** The episode's favourite count, and the player's toggle (a visitor gets the way to sign in instead). */
export function Favourites({ episode }: { episode: Episode }) {
  const me = useMe();
  const userId = me.data?.user?.id ?? null;
  const signIn = `${ROUTES.login}?${new URLSearchParams({ next: storyPath(episode.episodeID) })}`;
  return (
    <div className={styles.favourites}>
      <p className={styles.count} aria-live="polite">
        <span aria-hidden="true">♥ </span>
        {favouritesText(episode.favouriteCount)}
      </p>
      {userId ? (
        <FavouriteToggle userId={userId} episodeID={episode.episodeID} />
      ) : (
        !me.isPending && <Link to={signIn}>Sign in to keep favourites</Link>
      )}
    </div>
  );
}

function FavouriteToggle({ userId, episodeID }: { userId: string; episodeID: string }) {
  const favourites = useFavouriteEpisodes(userId);
  const toggle = useFavouriteEpisode(userId);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const isFavourite = favourites.data?.episodeIDs.includes(episodeID) ?? false;
  // Until the player's favourites are known, and while a change is on its way, a press would guess.
  const busy = !favourites.data || toggle.isPending;

  const onPress = () => {
    if (busy) return;
    setNotice(null);
    toggle.mutate(
      { episodeID, remove: isFavourite },
      {
        onSuccess: (text) => setNotice({ tone: 'ok', text }),
        onError: (error) => setNotice(failureNotice(error, 'Your favourites could not be changed. Try again.')),
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={isFavourite}
        aria-disabled={busy || undefined}
        onClick={onPress}
      >
        <span aria-hidden="true">{isFavourite ? '♥ ' : '♡ '}</span>Favourite
      </button>
      <FormAlert notice={notice} />
    </>
  );
}
