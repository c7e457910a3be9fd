import type { Me } from '@outpost/contracts/identity';
import { can } from '@outpost/contracts/permissions';
import type { Watch } from '../../lib/live-value';
import { sessionEndNotice, watchMe } from '../../lib/session';
import type { NavProfile } from './nav-bar';

/**
 * What the bar shows of a session. This module (and the role table with it) loads once the
 * page is interactive; the bar itself only takes the answer.
 */
export function navProfile(me: Me | undefined): NavProfile | null {
  const profile = me?.profile;
  if (!profile) return null;
  return { displayName: profile.displayName, adminPanelLink: can(profile.keys, 'adminPanelLink') };
}

export const watchNavProfile: Watch<NavProfile | null> = (listener) => watchMe((me) => listener(navProfile(me)));

/** What the bar says when the session ended under the page without the player ending it here (lib/session.ts). */
export const watchSessionNotice: Watch<string | null> = (listener) => watchMe((me) => listener(sessionEndNotice(me)));

/** Signs out (lib/session.ts); here so the bar loads one module for its session. */
export { signOutAndRefresh } from '../../lib/session';
