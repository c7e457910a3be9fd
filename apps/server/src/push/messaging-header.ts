import { MESSAGING_TOKEN_HEADER, pushTokenSchema } from '@outpost/contracts/push';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../database';
import type { CallableObservers } from '../platform/http/callable-observers';
import { noteDeviceSeen } from './devices';

/**
 * Notes the device's messaging token a callable carried for its signed-in player. Guests' tokens
 * are not kept, and a suspended or deleted account has no viewer, so theirs are not either.
 */
async function noteToken(game: Kysely<GameDatabase>, request: FastifyRequest, sent: string | string[]): Promise<void> {
  const token = z.safeParse(pushTokenSchema, sent);
  if (!token.success) {
    // A client's bad header is no reason to refuse or log loudly a call that went well.
    request.log.debug({ reason: token.error.issues[0]?.message }, 'messaging token ignored');
    return;
  }
  const viewer = await request.viewer();
  if (!viewer) return;
  await noteDeviceSeen(game, { token: token.data, userId: viewer.userId, now: new Date() });
}

/**
 * The Firebase SDKs' callable clients send the device's messaging token with every call
 * (`Firebase-Instance-ID-Token`), so the game's client registers its device just by calling. The
 * token is noted after the answer has left: noting it neither delays the call nor changes its
 * answer, and a failure is logged, never the caller's.
 */
export function noteMessagingTokens(callables: CallableObservers, game: Kysely<GameDatabase>): void {
  callables.add((request) => {
    const sent = request.headers[MESSAGING_TOKEN_HEADER];
    if (sent === undefined) return;
    noteToken(game, request, sent).catch((error: unknown) => {
      request.log.error({ err: error }, 'the messaging token of a callable was not recorded');
    });
  });
}
