import { ROUTES } from '@outpost/contracts/routes';

/** The viewer of an episode or theater video: /story/{id}. */
export const storyPath = (theaterID: string) =>
  ROUTES.storyEpisode.replace(':episodeID', encodeURIComponent(theaterID));
