import { authEmailSchema } from '@outpost/contracts/identity';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { IdentityDatabase } from '../stores';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { authError } from './auth-errors';
import { findUserIdByEmail } from './queries';

const libraryErrorSchema = z.object({ code: z.optional(z.string()), message: z.optional(z.string()) });
const EMAIL_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset']);

/**
 * The library's endpoints the product uses; the rest of its surface (update-user, delete-user,
 * sessions lists, …) stays closed until a feature needs it.
 */
const OPEN_PATHS = new Set([
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  // The account page (issue 12 point 1); it needs the session and the current password.
  'POST /api/auth/change-password',
  'GET /api/auth/get-session',
]);
const isOpen = (method: string, path: string) =>
  OPEN_PATHS.has(`${method} ${path}`) || (method === 'GET' && path.startsWith('/api/auth/reset-password/'));

function bodyEmail(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
}

/**
 * Serves the auth library under /api/auth: Fastify's request becomes a Web Request and the
 * answer comes back with every Set-Cookie header. Library errors are rewritten into our error
 * shape with the spec's codes (§8), so the web app needs one table of messages.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, identity: Kysely<IdentityDatabase>): void {
  const refuse = (reply: FastifyReply, httpStatus: number, code: string) => {
    const { http, body } = authError(httpStatus, code);
    return reply.code(http).send(body);
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

    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    if (response.status < 400) return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    const parsed = libraryErrorSchema.safeParse(await response.json().catch(() => ({})));
    let code = parsed.success ? parsed.data.code : undefined;
    // The library never says whether the address exists; the spec's login screen does (check-email tells anyway).
    if (code === 'INVALID_EMAIL_OR_PASSWORD' && path === '/api/auth/sign-in/email') {
      const email = z.safeParse(authEmailSchema, bodyEmail(request.body));
      if (email.success && !(await findUserIdByEmail(identity, email.data))) code = 'USER_NOT_FOUND';
    }
    const { http, body } = authError(response.status, code);
    return reply.code(http).type('application/json').send(body);
  }

  // The library's own answers pass through as they are; only its errors are ours (the 4xx schema).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { response: { 200: z.unknown() } },
    handler: handle,
  });
}
