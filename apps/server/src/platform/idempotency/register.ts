import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { policyFor } from '@outpost/contracts/api';
import { FUNCTIONS_TIMEOUT_MS } from '@outpost/contracts/callable';
import {
  IDEMPOTENCY_CODES,
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENT_ROUTE_DESCRIPTION,
  idempotencyKeySchema,
} from '@outpost/contracts/idempotency';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { stringify } from 'safe-stable-stringify';
import { z } from 'zod/mini';
import { signedInViewer } from '../http/access';
import { FunctionError } from '../http/errors';
import { appendRouteHook, isApiRoute } from '../http/route-hooks';
import type { JobDefinition } from '../jobs/runner';
import { IdempotencyKeys, type KeyClaim } from './keys';
import type { IdempotencyTables } from './tables';

/*
 * One request key, one outcome (docs/decisions/0121-request-keys-one-intent-one-outcome.md). Routes the
 * contracts' table marks `idempotent` get two hooks: before the handler, a request that carries a key takes
 * it (or finds the first request's answer and repeats it); when the answer is sent, it is kept with the key.
 * A request without a key is carried out as always: the original's own clients send none (request keys are
 * Outpost's, docs/product.md §7.1).
 */

export interface IdempotencyOptions<Database extends IdempotencyTables> {
  db: Kysely<Database>;
  now?: () => Date;
  /**
   * How long a request holds its key before it counts as cut off (its instance stopped before it
   * answered): the functions' timeout, after which its client has given up on it anyway.
   */
  lockMs?: number;
  /** How long a repeat waits for the first request's answer before it is told to ask again. */
  waitMs?: number;
}

/** How long a repeat that waited in vain is told to wait before it asks again. */
const RETRY_AFTER_SECONDS = 1;
const FIRST_POLL_MS = 10;
const LAST_POLL_MS = 100;

/** The key a request carries, by header or by the query field; undefined when it carries none. */
function requestKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  // The query field was checked by the route's schema (the contracts' idempotencyKeyField).
  const field = (request.query as Record<string, unknown> | undefined)?.[IDEMPOTENCY_KEY_FIELD];
  const fromField = typeof field === 'string' ? field : undefined;
  if (header === undefined) return fromField;
  const parsed = z.safeParse(idempotencyKeySchema, header);
  if (!parsed.success) throw new FunctionError('invalid-argument', IDEMPOTENCY_MESSAGES.invalid);
  if (fromField !== undefined && fromField !== parsed.data) {
    throw new FunctionError('invalid-argument', IDEMPOTENCY_MESSAGES.twoKeys);
  }
  return parsed.data;
}

/** What was asked, as the route understood it (validated), without the key itself. */
function fingerprintOf(route: string, request: FastifyRequest): string {
  const { [IDEMPOTENCY_KEY_FIELD]: _key, ...query } = (request.query ?? {}) as Record<string, unknown>;
  // An object always stringifies; the library's type allows undefined for other inputs.
  const asked = stringify({ route, params: request.params ?? {}, query, body: request.body ?? null }) ?? '';
  return createHash('sha256').update(asked).digest('base64url');
}

function refusal(message: string, code: string): FunctionError {
  return new FunctionError('aborted', message, { code });
}

/**
 * Gives every `idempotent` route registered after this its hooks, and returns the job that forgets
 * keys past their life. Register it before the domains' routes.
 */
export function registerIdempotency<Database extends IdempotencyTables>(
  app: FastifyInstance,
  options: IdempotencyOptions<Database>,
): JobDefinition[] {
  const keys = IdempotencyKeys.of(options.db);
  const now = options.now ?? (() => new Date());
  const lockMs = options.lockMs ?? FUNCTIONS_TIMEOUT_MS;
  const waitMs = options.waitMs ?? 15_000;
  const held = new WeakMap<FastifyRequest, KeyClaim>();

  /** The first request's answer once there is one, or why a repeat cannot have it. */
  async function awaitFirstAnswer(claim: KeyClaim, reply: FastifyReply) {
    const giveUpAt = Date.now() + waitMs;
    for (let poll = FIRST_POLL_MS; ; poll = Math.min(poll * 2, LAST_POLL_MS)) {
      const state = await keys.read(claim, now());
      switch (state.kind) {
        case 'answered':
          return state.answer;
        case 'other-request':
          throw refusal(IDEMPOTENCY_MESSAGES.reused, IDEMPOTENCY_CODES.reused);
        case 'cut-off':
          throw refusal(IDEMPOTENCY_MESSAGES.cutOff, IDEMPOTENCY_CODES.cutOff);
        case 'free':
          return undefined;
        case 'under-way':
          if (Date.now() >= giveUpAt) {
            reply.header('retry-after', String(RETRY_AFTER_SECONDS));
            throw refusal(IDEMPOTENCY_MESSAGES.inProgress, IDEMPOTENCY_CODES.inProgress);
          }
          await sleep(poll);
      }
    }
  }

  const takeKey = (route: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const key = requestKeyOf(request);
    if (key === undefined) return;
    const viewer = await signedInViewer(request);
    const claim: KeyClaim = { owner: viewer.userId, key, route, fingerprint: fingerprintOf(route, request) };
    for (;;) {
      const at = now();
      if (await keys.take(claim, at, new Date(at.getTime() + lockMs))) {
        held.set(request, claim);
        return;
      }
      const answer = await awaitFirstAnswer(claim, reply);
      if (answer) {
        reply.code(answer.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true').type(answer.type);
        return reply.send(answer.body);
      }
    }
  };

  const keepAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = held.get(request);
    if (!claim) return payload;
    held.delete(request);
    try {
      // A fault on our side rolled back what the request did (every domain writes in one
      // transaction before it answers), so its key is given back for a retry to carry it out.
      if (reply.statusCode >= 500 || typeof payload !== 'string') await keys.release(claim);
      else {
        const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        await keys.answer(claim, { status: reply.statusCode, type, body: payload });
      }
    } catch (error) {
      // The answer still goes out; a repeat finds the key under way, then cut off.
      request.log.error({ err: error }, 'could not keep the answer of a request key');
    }
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const idempotent = methods.filter((method) => policyFor(method, route.url)?.idempotent);
    if (idempotent.length === 0) return;
    if (policyFor(idempotent[0] ?? '', route.url)?.access === 'public') {
      throw new Error(`${route.url} is idempotent, so it must name whose keys it keeps: it cannot be public.`);
    }
    route.schema = { ...route.schema, description: IDEMPOTENT_ROUTE_DESCRIPTION };
    appendRouteHook(route, 'preHandler', takeKey(`${idempotent.join(',')} ${route.url}`));
    appendRouteHook(route, 'onSend', keepAnswer);
  });

  return [
    {
      name: 'idempotency-keys.prune',
      everyMs: 60 * 60_000,
      run: async () => {
        await keys.prune(now());
      },
    },
  ];
}
