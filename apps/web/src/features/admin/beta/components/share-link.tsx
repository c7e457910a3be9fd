import { invitePath } from '@outpost/contracts/routes';

/** The full address a player opens to claim an invite, on this site's own origin. */
function inviteShareLink(inviteID: string): string {
  return new URL(invitePath(inviteID), window.location.origin).href;
}

/** An invite's share link, shown in full so it can be copied. */
export function ShareLink({ inviteID }: { inviteID: string }) {
  const href = inviteShareLink(inviteID);
  return <a href={href}>{href}</a>;
}
