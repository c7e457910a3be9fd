/** A player an admin picked by name (the user search's profile): whom a reward or a push goes to. */
export interface ChosenPlayer {
  userID: string;
  displayName: string | null;
  email: string;
}

/** User IDs pasted in, separated by spaces, commas, semicolons or new lines, in the order given. */
export function pastedUserIDs(text: string): string[] {
  return text.split(/[\s,;]+/).filter((userID) => userID !== '');
}

/** Everyone chosen: the players picked, then the pasted IDs, each once. */
export function recipientIDs(chosen: readonly ChosenPlayer[], pasted: string): string[] {
  return [...new Set([...chosen.map((player) => player.userID), ...pastedUserIDs(pasted)])];
}
