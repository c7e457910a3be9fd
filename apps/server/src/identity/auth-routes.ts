import type { FunctionErrorBody } from '@outpost/contracts/callable';
import { authEmailSchema } from '@outpost/contracts/identity';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { IdentityDatabase } from '../database';
import { answeredError, errorBody } from '../platform/http/errors';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { authError } from './auth-errors';
import { accountStanding } from './lifecycle/standing';
import { findUserIdByEmail } from './queries';
import { suspendedRefusal } from './session-end';

const libraryErrorSchema = z.object({ code: z.optional(z.string()), message: z.optional(z.string()) });
const SIGN_IN_PATH = '/api/auth/sign-in/email';
const EMAIL_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset']);

/**
 * The library's endpoints the product uses; the rest of its surface (update-user, delete-user,
 * sessions lists, …) stays closed until a feature needs it.
 */
export const OPEN_PATHS = new Set([
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  // The account page's password change; it needs the session and the current password.
  'POST /api/auth/change-password',
  'GET /api/auth/get-session',
]);
const isOpen = (method: string, path: string) =>
  OPEN_PATHS.has(`${method} ${path}`) || (method === 'GET' && path.startsWith('/api/auth/reset-password/'));

function bodyEmail(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
}

const signedInSchema = z.object({ token: z.string(), user: z.object({ id: z.string() }) });

/**
 * What a sign-in the library let through answers when the account may not have a session after
 * all (suspended, or its deletion began meanwhile): the session it made goes at once. Fails
 * closed: an answer that does not name its session and account is an error, never a session.
 */
async function refuseUnlessActive(
  identity: Kysely<IdentityDatabase>,
  answer: unknown,
): Promise<{ http: number; body: FunctionErrorBody } | undefined> {
  const signedIn = signedInSchema.safeParse(answer);
  if (!signedIn.success) throw new Error('The auth library answered a sign-in without its session and account.');
  const standing = await accountStanding(identity, signedIn.data.user.id);
  if (standing.kind === 'active') return undefined;
  await identity.deleteFrom('auth_sessions').where('token', '=', signedIn.data.token).execute();
  if (standing.kind !== 'suspended') return authError(401, 'USER_NOT_FOUND');
  const refusal = suspendedRefusal(standing.endsAt, standing.reason);
  return { http: refusal.httpStatus, body: errorBody(refusal.status, refusal.message, refusal.details) };
}

/** Whether a sign-in's address is an account whose deletion is under way. */
async function accountBeingDeleted(identity: Kysely<IdentityDatabase>, email: unknown): Promise<boolean> {
  const address = z.safeParse(authEmailSchema, email);
  const userId = address.success ? await findUserIdByEmail(identity, address.data) : undefined;
  return userId !== undefined && (await accountStanding(identity, userId)).kind === 'gone';
}

/**
 * Serves the auth library under /api/auth: Fastify's request becomes a Web Request and the answer comes back
 * with every Set-Cookie header. Library errors are rewritten into our error shape with the codes of
 * docs/product.md §8.1, so the web app needs one table of messages.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, identity: Kysely<IdentityDatabase>): void {
  const refuse = (reply: FastifyReply, httpStatus: number, code: string) => {
    const { http, body } = authError(httpStatus, code);
    return reply.code(http).send(answeredError(reply.request, body));
  };

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '';
    if (!isOpen(request.method, path)) return refuse(reply, 404, 'NOT_FOUND');
    if (
      request.method === 'POST' &&
      EMAIL_PATHS.has(path) &&
      !z.safeParse(authEmailSchema, bodyEmail(request.body)).success
    ) {
      return refuse(reply, 400, bodyEmail(request.body) === undefined ? 'VALIDATION_ERROR' : 'INVALID_EMAIL');
    }

    const signingIn = request.method === 'POST' && path === SIGN_IN_PATH;
    // An account being deleted answers as an unknown one does.
    if (signingIn && (await accountBeingDeleted(identity, bodyEmail(request.body)))) {
      return refuse(reply, 401, 'USER_NOT_FOUND');
    }

    const headers = fromNodeHeaders(request.headers);
    // Set here from Fastify's view of the client (TRUST_PROXY decides), so a caller cannot pick its own rate-limit key.
    headers.set(CLIENT_IP_HEADER, request.ip);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const response = await auth.handler(
      new Request(new URL(request.url, `${request.protocol}://${request.host}`), {
        method: request.method,
        headers,
        ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
      }),
    );

    // A suspended account's password still signs in with the library (which counts the attempt
    // against its rate limit): the session it made goes at once, and the owner is told until when.
    // Asking only after the password checked out keeps a suspension nobody else's business.
    if (signingIn && response.status === 200) {
      const refusal = await refuseUnlessActive(identity, await response.clone().json());
      if (refusal) return reply.code(refusal.http).type('application/json').send(answeredError(request, refusal.body));
    }

    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    if (response.status < 400) return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    const parsed = libraryErrorSchema.safeParse(await response.json().catch(() => ({})));
    let code = parsed.success ? parsed.data.code : undefined;
    // The library never says whether the address exists; the login screen does, with user-not-found
    // (docs/product.md §8.1), and check-email tells anyway (§7.1).
    if (code === 'INVALID_EMAIL_OR_PASSWORD' && signingIn) {
      const email = z.safeParse(authEmailSchema, bodyEmail(request.body));
      if (email.success && !(await findUserIdByEmail(identity, email.data))) code = 'USER_NOT_FOUND';
    }
    const { http, body } = authError(response.status, code);
    return reply.code(http).type('application/json').send(answeredError(request, body));
  }

  // The library's own answers pass through as they are; only its errors are ours (the 4xx schema).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { response: { 200: z.unknown() } },
    handler: handle,
  });
}
