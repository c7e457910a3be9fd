import { type FeedbackReviewInput, feedbackReviewSchema } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { feedbackWaitingQueryOptions } from './get-feedback';
import { moderationQueryKey } from './query-keys';

/** POST /api/admin/:env/feedback/review: marks the entries reviewed or unreviewed, all or none. */
export function reviewFeedback(environment: Environment, input: FeedbackReviewInput) {
  return requestJson(`/api/admin/${environment}/feedback/review`, feedbackReviewSchema, {
    method: 'POST',
    body: input,
  });
}

/** The list and the waiting count show the new flags once the server has them (the filters' choices stay). */
export function useReviewFeedback(environment: Environment) {
  const queryClient = useQueryClient();
  const feedback = moderationQueryKey(environment, 'feedback');
  return useMutation({
    mutationFn: (input: FeedbackReviewInput) => reviewFeedback(environment, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...feedback, 'list'] }),
        queryClient.invalidateQueries({ queryKey: feedbackWaitingQueryOptions(environment).queryKey }),
      ]),
  });
}
