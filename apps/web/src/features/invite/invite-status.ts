import { BETA_MESSAGES, type InvitePreview } from '@outpost/contracts/beta';

/** Why an invite cannot be claimed by this player (docs/product.md §4.2's reasons), or null when it can. */
export function refusalOf(status: InvitePreview['status']): string | null {
  switch (status) {
    case 'claimable':
      return null;
    case 'expired':
      return BETA_MESSAGES.inviteExpired;
    case 'own':
      return BETA_MESSAGES.inviteOwn;
    case 'claimed':
      return BETA_MESSAGES.inviteAlreadyClaimed;
    case 'claimed-by-you':
      return BETA_MESSAGES.inviteClaimedByYou;
  }
}
