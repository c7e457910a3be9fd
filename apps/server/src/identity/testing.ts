import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Test helpers that drive the real auth routes through `inject`. */
export interface SignedIn {
  userId: string;
  email: string;
  /** `Authorization` header value for bearer calls. */
  bearer: string;
  /** `Cookie` header value for cookie-session calls. */
  cookie: string;
}

export const ORIGIN = 'http://localhost:3000';

export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export async function signUp(
  app: FastifyInstance,
  account: { email: string; password?: string; name?: string },
): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: {
      email: account.email,
      password: account.password ?? 'correct horse battery',
      name: account.name ?? 'player',
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string; email: string } };
  return {
    userId: body.user.id,
    email: body.user.email,
    bearer: `Bearer ${response.headers['set-auth-token']}`,
    cookie: cookieHeader(response),
  };
}

/** Signs up and registers a profile with these keys (set directly, as the operator CLI does). */
export async function signUpWithProfile(
  app: FastifyInstance,
  setKeys: (userId: string, keys: string[]) => Promise<unknown>,
  account: { email: string; displayName: string; keys?: string[] },
): Promise<SignedIn> {
  const user = await signUp(app, { email: account.email, name: account.displayName });
  const register = await app.inject({
    method: 'POST',
    url: '/api/fn/register',
    headers: { authorization: user.bearer },
    payload: { email: account.email, displayName: account.displayName },
  });
  if (register.statusCode !== 200) throw new Error(`register failed: ${register.statusCode} ${register.body}`);
  if (account.keys?.length) await setKeys(user.userId, account.keys);
  return user;
}
