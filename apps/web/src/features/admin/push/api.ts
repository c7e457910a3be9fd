import type { Environment } from '@outpost/contracts/environments';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import {
  type PushSendBatchInput,
  pushAudienceSchema,
  pushMessagePageSchema,
  pushMessageSchema,
  pushOutboxSchema,
  pushSendBatchName,
  pushSendBatchResultSchema,
  pushSendTestName,
  pushTestResultSchema,
  type ReschedulePushInput,
} from '@outpost/contracts/push-messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../components/admin-list/list-view';
import { requestJson } from '../../../lib/api';
import type { AudienceQuery } from './push-form';

/** Every cached read of the environment's pushes: the history's pages, the outbox and the audiences' sizes. */
export const pushQueryKey = QUERY_KEYS.push;

/** The history's pages, which the push-messages topic refreshes as the send job moves a message. */
export const pushHistoryQueryKey = (environment: Environment) => QUERY_KEYS.pushPart(environment, 'messages');

/** GET /api/admin/:env/push/messages: one page of the history, newest first. */
export function getPushMessages(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/push/messages?${adminListSearchParams(query)}`, pushMessagePageSchema);
}

/** How many players and devices the audience reaches now (the server counts again when it sends). */
export function usePushAudience(environment: Environment, audience: AudienceQuery | null) {
  return useQuery({
    queryKey: [...pushQueryKey(environment), 'audience', audience],
    queryFn: () =>
      requestJson(`/api/admin/${environment}/push/audience`, pushAudienceSchema, { method: 'POST', body: audience }),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The outbox's newest entries. A scheduled message lands in it later, a send chunk by chunk, a test from
 * another tab at any time: the screen follows the push-outbox topic, which refreshes this query.
 */
export function usePushOutbox(environment: Environment) {
  return useQuery({
    queryKey: QUERY_KEYS.pushPart(environment, 'outbox'),
    queryFn: () => requestJson(`/api/admin/${environment}/push/outbox`, pushOutboxSchema),
  });
}

/** '{env}-push-sendbatch' (docs/product.md §7.6): the message, sent now or scheduled. */
export function useSendPush(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PushSendBatchInput) =>
      requestJson(`/api/fn/${pushSendBatchName(environment)}`, pushSendBatchResultSchema, {
        method: 'POST',
        body: input,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: pushQueryKey(environment) }),
  });
}

/** '{env}-push-sendtestnotificatio' (docs/product.md §7.6): one player's devices, answered at once. */
export function useSendTestPush(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userID: string) =>
      requestJson(`/api/fn/${pushSendTestName(environment)}`, pushTestResultSchema, {
        method: 'POST',
        body: { userID },
      }),
    // The outbox (on a machine without FCM credentials) has it now.
    onSettled: () => client.invalidateQueries({ queryKey: pushQueryKey(environment) }),
  });
}

/** POST /api/admin/:env/push/messages/:messageID/cancel: a scheduled message that has not started. */
export function useCancelPush(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageID: string) =>
      requestJson(
        `/api/admin/${environment}/push/messages/${encodeURIComponent(messageID)}/cancel`,
        pushMessageSchema,
        { method: 'POST' },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: pushQueryKey(environment) }),
  });
}

/** POST /api/admin/:env/push/messages/:messageID/reschedule: a scheduled message that has not started, to a new send date. */
export function useReschedulePush(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ messageID, sendDate }: ReschedulePushInput & { messageID: string }) =>
      requestJson(
        `/api/admin/${environment}/push/messages/${encodeURIComponent(messageID)}/reschedule`,
        pushMessageSchema,
        { method: 'POST', body: { sendDate } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: pushQueryKey(environment) }),
  });
}
