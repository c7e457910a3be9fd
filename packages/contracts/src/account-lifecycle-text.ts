/*
 * The account lifecycle's words, codes and limits: what screens say and the server answers about deleting an
 * account, downloading its data and suspensions. Kept apart from the schemas (account-lifecycle.ts), so a
 * page that only says them (the privacy screen) loads no zod.
 */

/**
 * What stays after a deletion, as the privacy screen and the confirmation say it: paid orders are
 * sales records the law makes us keep; they lose every link to the account.
 */
export const KEPT_AFTER_DELETION =
  'Paid merch orders and credit purchases stay on record as the law requires of sales (what was bought, the price, the date and, for merch, where it was sent), with no link to your account. Reports, feedback, credit history and invites others claimed stay too, with your name and account replaced by an anonymous reference.';

/** What a deletion erases, in the words of the confirmation. */
export const ERASED_BY_DELETION =
  'Your profile and sign-in, email signups, order profile, lighting presets, favourites, claimed avatars, beta request and search entry are erased, and every device is signed out.';

export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: 'Type your password to confirm the deletion.',
  wrongPassword: 'That password is not right; nothing was deleted.',
  deleted: 'Your account was deleted. We are sorry to see you go.',
  /** `orderName`: the order as the player knows it, "#1047". */
  openMerchOrder: (orderName: string) =>
    `Your merch order ${orderName} is waiting for payment: pay for it or cancel it first, then delete your account.`,
} as const;

/** `details.code` of a deletion refused while something the player must settle first is open (409). */
export const DELETION_BLOCKED_CODE = 'deletion-blocked';

export const SUSPENSION_REASON_MAX_LENGTH = 500;
export const SUSPENSION_NOTE_MAX_LENGTH = 500;

export const SUSPENSION_MESSAGES = {
  reasonRequired: 'Say why the player is suspended; they are told when they try to sign in.',
  reasonTooLong: `A reason is at most ${SUSPENSION_REASON_MAX_LENGTH} characters.`,
  untilInvalid: 'The end must be a date and time, or none for a suspension until it is lifted.',
  untilPast: 'The end of a suspension must be in the future.',
  noteTooLong: `A note is at most ${SUSPENSION_NOTE_MAX_LENGTH} characters.`,
  reportIDInvalid: 'That is not a report ID.',
  ownAccount: 'You cannot suspend your own account.',
  staffOnlyByAdmins: 'Only admins suspend staff and admins, or lift their suspensions.',
  notSuspended: 'This player is not suspended.',
  changedMeanwhile: "This player's suspension was changed by someone else meanwhile; reload the page to see it.",
  noUser: (userID: string) => `No account has the user ID "${userID}".`,
} as const;

/** `details.code` of a sign-in, or a session, refused because the account is suspended (403). */
export const ACCOUNT_SUSPENDED_CODE = 'account-suspended';

/**
 * What a suspended player is told when signing in: until when, and why. `formatEnd` words the end
 * for the reader: the server writes UTC, the web app the reader's own time.
 */
export function accountSuspendedMessage(
  endsAt: string | null,
  reason: string,
  formatEnd: (iso: string) => string,
): string {
  const until =
    endsAt === null
      ? 'Your account is suspended until the Outpost team lifts the suspension.'
      : `Your account is suspended until ${formatEnd(endsAt)}.`;
  return `${until} Reason: ${reason}`;
}

/** The export's file name: `outpost-data-2026-11-26.json`. */
export const accountExportFileName = (exportedAt: string) => `outpost-data-${exportedAt.slice(0, 10)}.json`;

/** The admin log's actions of the lifecycle. */
export const ACCOUNT_LOG_ACTIONS = {
  deleted: 'account.delete',
  exported: 'account.export',
  suspended: 'user.suspend',
  lifted: 'user.unsuspend',
} as const;
