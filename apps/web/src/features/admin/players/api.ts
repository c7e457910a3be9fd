import type { Environment } from '@outpost/contracts/environments';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import {
  type CreditAdjustmentInput,
  creditAdjustmentResultSchema,
  type ItemGrantInput,
  type ItemTakeBackInput,
  itemGrantResultSchema,
  itemTakeBackResultSchema,
  playerHoldingsSchema,
  playerRecordSchema,
  sessionsEndedSchema,
} from '@outpost/contracts/player-record';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { adminUserApiPath, adminUserQueryKey, useStillThere } from '../moderation/api/get-admin-user';

/** The player page's record: under the player's own key, so whatever refreshes the player refreshes it. */
export const playerRecordQueryKey = (environment: Environment, userID: string) =>
  [...adminUserQueryKey(environment, userID), 'record'] as const;

/** GET /api/admin/:env/users/:userID/record: every domain's sections about the player. */
export function usePlayerRecord(environment: Environment, userID: string) {
  return useQuery({
    queryKey: playerRecordQueryKey(environment, userID),
    queryFn: () => requestJson(`${adminUserApiPath(environment, userID)}/record`, playerRecordSchema),
    staleTime: 0,
    enabled: useStillThere(environment, userID),
  });
}

/** What the player holds, item by item: under the player's own key too, so a change from the page reads it again. */
export function usePlayerHoldings(environment: Environment, userID: string) {
  return useQuery({
    queryKey: [...adminUserQueryKey(environment, userID), 'holdings'],
    queryFn: () => requestJson(`${adminUserApiPath(environment, userID)}/items`, playerHoldingsSchema),
    staleTime: 0,
    enabled: useStillThere(environment, userID),
  });
}

/**
 * A change made from the player page: the page reads the player again (their record and figures)
 * and the environment's admin log, which has the change's entry, once it settles either way.
 */
function usePlayerChange<Input, Result>(
  environment: Environment,
  userID: string,
  send: (path: string, input: Input) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(adminUserApiPath(environment, userID), input),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminUserQueryKey(environment, userID) }),
        client.invalidateQueries({ queryKey: QUERY_KEYS.adminLog(environment) }),
      ]),
  });
}

/** POST …/credits: give or take back credits with a reason (staff and admins). */
export const useAdjustCredits = (environment: Environment, userID: string) =>
  usePlayerChange(environment, userID, (path, input: CreditAdjustmentInput) =>
    requestJson(`${path}/credits`, creditAdjustmentResultSchema, { method: 'POST', body: input }),
  );

/** POST …/items: put items into the player's inventory with a reason (staff and admins). */
export const useGrantItems = (environment: Environment, userID: string) =>
  usePlayerChange(environment, userID, (path, input: ItemGrantInput) =>
    requestJson(`${path}/items`, itemGrantResultSchema, { method: 'POST', body: input }),
  );

/** POST …/items/take-back: take some of one item out of the player's inventory with a reason (staff and admins). */
export const useTakeBackItems = (environment: Environment, userID: string) =>
  usePlayerChange(environment, userID, (path, input: ItemTakeBackInput) =>
    requestJson(`${path}/items/take-back`, itemTakeBackResultSchema, { method: 'POST', body: input }),
  );

/** POST …/sessions/end: one session by its id, or every one (staff and admins). */
export const useEndSessions = (environment: Environment, userID: string) =>
  usePlayerChange(environment, userID, (path, sessionID: string | null) =>
    requestJson(`${path}/sessions/end`, sessionsEndedSchema, {
      method: 'POST',
      body: sessionID ? { sessionID } : {},
    }),
  );
