import type { BetaRequest, BetaRequestData } from '@outpost/contracts/beta';

/** The answers the request form asks for, as they are stored in the request's `data`. */
export interface BetaRequestAnswers {
  platform: string;
  heardFrom: string;
  why: string;
}

export const PLATFORMS = [
  { id: 'ios', label: 'iPhone or iPad (iOS)' },
  { id: 'android', label: 'Android' },
  { id: 'both', label: 'Both' },
] as const;

const text = (value: BetaRequestData[string] | undefined) => (typeof value === 'string' ? value : '');

/** The form's values: the request's stored answers, or blank before the player asks. */
export function answersOf(request: BetaRequest | null): BetaRequestAnswers {
  const data = request?.data ?? {};
  return { platform: text(data.platform), heardFrom: text(data.heardFrom), why: text(data.why) };
}

/** What is sent: trimmed answers, an unanswered question as null. */
export function requestData(answers: BetaRequestAnswers): BetaRequestData {
  const answer = (value: string) => value.trim() || null;
  return { platform: answer(answers.platform), heardFrom: answer(answers.heardFrom), why: answer(answers.why) };
}
