import { betaConfigSchema, testingObjectiveListPageSchema } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { moderationQueryKey } from './query-keys';

/** The largest page of the protocol: an environment has a few dozen objectives at most. */
const ALL_OBJECTIVES = 'page=1&pageSize=500&sort=createdAt&order=asc';

/**
 * What the feedback filters offer: every testing objective, retired ones too (old feedback names
 * them), from GET /api/admin/:env/testing-objectives, and beta-config/v1's categories and
 * sentiments from GET /api/admin/:env/beta-config.
 */
export async function getFeedbackChoices(environment: Environment) {
  const [objectives, config] = await Promise.all([
    requestJson(`/api/admin/${environment}/testing-objectives?${ALL_OBJECTIVES}`, testingObjectiveListPageSchema),
    requestJson(`/api/admin/${environment}/beta-config`, betaConfigSchema),
  ]);
  return { objectives: objectives.rows, categories: config.categories, sentiments: config.sentiments };
}

/** The feedback filters' choices; a change of the objectives or of beta-config/v1 invalidates them. */
export const feedbackChoicesQueryKey = (environment: Environment) =>
  [...moderationQueryKey(environment, 'feedback'), 'choices'] as const;

export type FeedbackChoices = Awaited<ReturnType<typeof getFeedbackChoices>>;

export function useFeedbackChoices(environment: Environment) {
  return useQuery(
    queryOptions({
      queryKey: feedbackChoicesQueryKey(environment),
      queryFn: () => getFeedbackChoices(environment),
    }),
  );
}
