import { BETA_REQUEST_STATUS, type BetaRequest, betaRequestAnswers } from '@outpost/contracts/beta';

/** How a beta request's status (docs/product.md §4.3: 1 on creation, 2 once staff accept it) reads on screen. */
export function requestStatusLabel(status: number): string {
  if (status === BETA_REQUEST_STATUS.requested) return 'Requested';
  if (status === BETA_REQUEST_STATUS.accepted) return 'Accepted';
  return `Status ${status}`;
}

/** A request's answers on one line of text (the list's CSV): "Platform: Android; Heard from: A friend". */
export function answersText(data: BetaRequest['data']): string {
  return betaRequestAnswers(data)
    .map(({ label, value }) => `${label}: ${value}`)
    .join('; ');
}
