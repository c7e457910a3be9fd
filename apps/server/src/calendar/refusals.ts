import { CALENDAR_MESSAGES } from '@outpost/contracts/calendar/schemas';
import { FunctionError } from '../platform/http/errors';

/**
 * Throws the calendar's refusal (409) when the thing starting at `startsAt` has started: only a
 * thing still to come is moved or cancelled from the calendar (docs/decisions/0139-the-calendar.md),
 * whatever its own screen allows, since a move would otherwise rewrite what players already saw.
 */
export function refuseStarted(startsAt: string, operation: 'move' | 'cancel', now = new Date()): void {
  if (Date.parse(startsAt) > now.getTime()) return;
  throw new FunctionError(
    'aborted',
    operation === 'move' ? CALENDAR_MESSAGES.cannotMove : CALENDAR_MESSAGES.cannotCancel,
  );
}
