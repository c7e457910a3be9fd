import { useSearchParams } from '../../lib/router/router';

/*
 * How the calendar's "New" sends an admin to a thing's own create screen with the time chosen:
 * `?at=<ISO instant>`. The create forms (a drop's, a merch drop's, the push composer, a publish,
 * the shop's opening) start from it. Kept apart from the calendar's screen so those forms load
 * only these few lines.
 */

export const START_PARAM = 'at';

/** `path` with the start the calendar chose. */
export function withStart(path: string, at: Date): string {
  return `${path}?${new URLSearchParams({ [START_PARAM]: at.toISOString() })}`;
}

/** The instant `?at=` names, as ISO; null when there is none or it is no date. */
export function startFromParams(params: URLSearchParams): string | null {
  const text = params.get(START_PARAM);
  if (!text) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The start a create screen was sent with from the calendar, or null. */
export function useStartParam(): string | null {
  const [params] = useSearchParams();
  return startFromParams(params);
}
