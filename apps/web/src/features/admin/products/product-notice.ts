/** The confirmation's title before any change to production (issue 1: destructive actions ask there). */
export const PRODUCTION_TITLE = 'You are changing production';

/** What the create screen hands the edit screen it opens: 'Product created!' stays on screen there. */
export interface ProductNotice {
  notice: string;
}

/** The notice a navigation brought, if it brought one. */
export function noticeFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}
