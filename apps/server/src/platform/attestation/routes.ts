import {
  ATTESTATION_PATHS,
  attestationExchangeRequestSchema,
  attestationExchangeResponseSchema,
  captchaChallengeSchema,
} from '@outpost/contracts/attestation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitTo, type RateLimit } from '../http/rate-limit';
import type { Captcha } from './captcha';
import type { TokenExchange } from './exchange';

/**
 * `GET /api/attestation/challenge` hands out an ALTCHA challenge; `POST /api/attestation/exchange`
 * trades a solved one (or a debug token) for an attestation token `{token, ttl}`.
 */
export function registerAttestationRoutes(
  app: FastifyInstance,
  options: { captcha: Captcha; exchange: TokenExchange; rateLimit: RateLimit },
): void {
  const { captcha, exchange } = options;
  const config = { rateLimit: limitTo(options.rateLimit) };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    ATTESTATION_PATHS.challenge,
    { config, schema: { response: { 200: captchaChallengeSchema } } },
    async (_request, reply) => {
      // Each challenge is single-use; a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      return captcha.createChallenge();
    },
  );

  const exchangeSchema = {
    body: attestationExchangeRequestSchema,
    response: { 200: attestationExchangeResponseSchema },
  };
  api.post(ATTESTATION_PATHS.exchange, { config, schema: exchangeSchema }, async (request, reply) => {
    // A missing body, like any other wrong shape, answers 400 with the schema's message.
    const input = request.body;
    const issued =
      'captchaToken' in input
        ? await exchange.exchangeCaptcha(input.captchaToken, request.log)
        : await exchange.exchangeDebugToken(input.debugToken, request.log);
    reply.header('cache-control', 'no-store');
    return issued;
  });
}
