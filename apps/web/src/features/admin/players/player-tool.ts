import type { Environment } from '@outpost/contracts/environments';

/** What each tool of the player page works on: the player, in the environment the page is about. */
export interface PlayerToolProps {
  environment: Environment;
  userID: string;
  /** The player's name as the screens show it. */
  name: string;
}
