/*
 * The screens' paths of __words__, apart from its contract: the web app's route table reads them on
 * every first visit, and the contract's sentences and policies are not needed there.
 */

export const __CONST___PATHS = {
  /** The players' page. */
  screen: '/__kebab__',
  /** The back office's list. */
  admin: '/admin/__kebab__',
} as const;
