/*
 * The screens' paths of the calendar, apart from its contract: the web app's route table reads them on
 * every first visit, and the contract's sentences and policies are not needed there.
 */

export const CALENDAR_PATHS = {
  /** The back office's timeline; `?view=day|week|month&date=YYYY-MM-DD` say what it shows. */
  admin: '/admin/calendar',
} as const;
