import type { CreateClaimCodeBatchInput } from '@outpost/contracts/claim-codes';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Test helpers for redemption codes, driven through `inject` like the admin screens and the shop. */

export function newBatchInput(overrides: Partial<CreateClaimCodeBatchInput> = {}): CreateClaimCodeBatchInput {
  return {
    batchName: 'Launch giveaway',
    type: 'giveaway',
    uses: 1,
    batchQuantity: 3,
    credits: 250,
    rewards: ['taco', 'boba-tea'],
    ...overrides,
  };
}

export function createBatchThrough(
  app: FastifyInstance,
  auth: string,
  environment: string,
  input: CreateClaimCodeBatchInput,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/admin/${environment}/claim-codes`,
    headers: { authorization: auth },
    payload: input,
  });
}

export function redeemThrough(app: FastifyInstance, auth: string, code: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/account/redeem-code',
    headers: { authorization: auth },
    payload: { code },
  });
}

/** A redeem budget no crowd of a test reaches. */
export const CROWD_RATE_LIMITS = { redeemCode: { max: 100_000, windowMs: 60_000 } };
