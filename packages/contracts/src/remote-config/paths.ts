/*
 * The screens' paths of remote config, apart from its contract: the web app's route table reads them on
 * every first visit, and the contract's sentences and policies are not needed there.
 */

export const REMOTE_CONFIG_PATHS = {
  /** The back office's editor. */
  admin: '/admin/remote-config',
} as const;
