import { type FeedbackInput, feedbackSchema } from '@outpost/contracts/beta';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { betaProgrammeQueryOptions } from './get-beta-programme';

/** POST /api/account/feedback: answers the stored feedback. */
export function sendFeedback(input: FeedbackInput) {
  return requestJson('/api/account/feedback', feedbackSchema, { method: 'POST', body: input });
}

/** A refusal may mean staff closed feedback or retired the objective meanwhile: the form reloads what it offers. */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onError: () => queryClient.invalidateQueries({ queryKey: betaProgrammeQueryOptions.queryKey }),
  });
}
