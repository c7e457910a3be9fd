import { BETA_REQUEST_STATUS, type BetaRequest } from '@outpost/contracts/beta';

/** How a beta request's status (spec §4: 1 on creation, 2 once staff accept it) reads on screen. */
export function requestStatusLabel(status: number): string {
  if (status === BETA_REQUEST_STATUS.requested) return 'Requested';
  if (status === BETA_REQUEST_STATUS.accepted) return 'Accepted';
  return `Status ${status}`;
}

/** A request's answers as "name: value" lines, in the order the player gave them; empty answers say so. */
export function answerLines(data: BetaRequest['data']): string[] {
  return Object.entries(data).map(
    ([name, value]) => `${name}: ${value === null || value === '' ? '—' : String(value)}`,
  );
}
