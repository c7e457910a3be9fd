import { BETA_PLATFORM_LABELS, BETA_PLATFORMS, type BetaRequest, type BetaRequestData } from '@outpost/contracts/beta';

/** The answers the request form asks for, as they are stored in the request's `data`. */
export interface BetaRequestAnswers {
  platform: string;
  heardFrom: string;
  why: string;
}

/** The form's platforms, named as the staff's list names them. */
export const PLATFORMS = BETA_PLATFORMS.map((id) => ({ id, label: BETA_PLATFORM_LABELS[id] }));

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
