import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { BetterAuthOptions } from 'better-auth';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { prepareQuery } from '../platform/db/prepared-query';
import type { Auth } from './auth';

/*
 * The auth library's session check for the common case, without the library's request
 * machinery. A first check through `auth.api.getSession` costs about 1.5 ms of CPU (its endpoint
 * context, two Web Crypto HMACs on the thread pool with a key imported each time, two reads), ten
 * times the checkout it guards, and nearly every request of a drop is a player's first within the
 * session cache's seconds. This reader answers only what it can answer exactly as the library
 * would with no side effect: a correctly signed token (bearer or cookie, as the bearer plugin and
 * the cookie parser read them) of a live session whose expiry is not yet due to slide forward.
 * Everything else (no such session, expired, due for renewal, a bad signature, a cookie-cache
 * cookie, odd encodings) is left to the library, which answers it and sets or clears cookies.
 */

export interface ReadSession {
  userId: string;
  email: string;
  /** The session's own token (the part of a credential before its signature). */
  sessionToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** What the library's context decides and this reader must agree with. */
interface SessionRules {
  secret: string;
  /** The session cookie's name, with its prefix (`__Secure-` in production). */
  cookieName: string;
  /** The library's cookie cache (this app enables none): a request carrying one has it cleared by the library. */
  dataCookieName: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const BEARER_SCHEME = 'bearer ';
/** A signature as the library writes it: base64 of an HMAC-SHA256, padded (44 characters, one `=`). */
const SIGNATURE_LENGTH = 44;
/** The library's session tokens are letters and digits; anything else is left to the library's own decoding. */
const PLAIN_TOKEN = /^[A-Za-z0-9_-]+$/;

function tryDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The first cookie of that name, unquoted and decoded as the library's parser has it. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals === -1 || part.slice(0, equals).trim() !== name) continue;
    const value = part.slice(equals + 1).trim();
    return tryDecode(value.startsWith('"') ? value.slice(1, -1) : value);
  }
  return undefined;
}

function signatureOf(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64');
}

/** The session token of a signed value `token.signature`, when the signature is the secret's. */
function verifiedToken(signed: string, secret: string): string | undefined {
  const dot = signed.indexOf('.');
  // One dot only: the bearer plugin splits at the first dot and the cookie check at the last.
  if (dot < 1 || dot !== signed.lastIndexOf('.')) return undefined;
  const token = signed.slice(0, dot);
  if (!PLAIN_TOKEN.test(token)) return undefined;
  const signature = signed.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return undefined;
  const expected = Buffer.from(signatureOf(secret, token));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/** The session token a request presents, when the library would surely read the same one. */
function presentedToken(
  headers: IncomingHttpHeaders,
  rules: Pick<SessionRules, 'secret' | 'cookieName' | 'dataCookieName'>,
): string | undefined {
  // The library clears a cookie cache (whole or in chunks) it finds: a side effect only it can have.
  if (headers.cookie?.includes(rules.dataCookieName)) return undefined;
  const authorization = headers.authorization;
  if (authorization?.slice(0, BEARER_SCHEME.length).toLowerCase() === BEARER_SCHEME) {
    const bearer = authorization.slice(BEARER_SCHEME.length).trim();
    if (bearer) {
      // An unsigned bearer token is the session token itself (the plugin signs it for the check).
      if (!bearer.includes('.')) return PLAIN_TOKEN.test(bearer) ? bearer : undefined;
      return verifiedToken(bearer.includes('%') ? tryDecode(bearer) : bearer, rules.secret);
    }
  }
  const cookie = cookieValue(headers.cookie, rules.cookieName);
  return cookie === undefined ? undefined : verifiedToken(cookie, rules.secret);
}

/** The session and its user, by token: one statement compiled once, as the library's own read joins them. */
export const sessionByToken = prepareQuery((db: Kysely<IdentityDatabase>, params: { token: string }) =>
  db
    .selectFrom('auth_sessions')
    .innerJoin('auth_users', 'auth_users.id', 'auth_sessions.user_id')
    .select(['auth_sessions.user_id', 'auth_sessions.expires_at', 'auth_users.email'])
    .where('auth_sessions.token', '=', params.token),
);

/**
 * Whether the library is configured as this reader assumes: the bearer plugin alone (accepting
 * unsigned tokens), sessions only in the database, no cookie cache, refreshes as by default. Any
 * other setting changes what the library answers or sets, and the reader then answers nothing.
 */
export function readerMatches(options: BetterAuthOptions): boolean {
  const plugins = options.plugins ?? [];
  const bearer = plugins[0] as { id?: string; options?: { requireSignature?: boolean } } | undefined;
  const session = options.session;
  return (
    plugins.length === 1 &&
    bearer?.id === 'bearer' &&
    bearer.options?.requireSignature !== true &&
    options.secondaryStorage === undefined &&
    session?.cookieCache?.enabled !== true &&
    session?.deferSessionRefresh !== true &&
    session?.disableSessionRefresh !== true
  );
}

export function createSessionReader(auth: Auth, identity: Kysely<IdentityDatabase>) {
  const applies = readerMatches(auth.options);
  let resolved: Promise<SessionRules> | undefined;
  const sessionRules = () =>
    (resolved ??= auth.$context.then((context) => ({
      secret: context.secret,
      cookieName: context.authCookies.sessionToken.name,
      dataCookieName: context.authCookies.sessionData.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    })));

  /** The request's live session, or undefined: then only the library can tell (see above). */
  return async function readSession(headers: IncomingHttpHeaders, now = Date.now()): Promise<ReadSession | undefined> {
    if (!applies) return undefined;
    const rules = await sessionRules();
    const token = presentedToken(headers, rules);
    if (token === undefined) return undefined;
    const [row] = await sessionByToken(identity, { token });
    if (!row) return undefined;
    const expiresAt = new Date(row.expires_at).getTime();
    // The library slides a session forward once updateAge has passed since its expiry was last set.
    const renewalDue = expiresAt - rules.expiresInMs + rules.updateAgeMs <= now;
    if (!(expiresAt > now) || renewalDue) return undefined;
    return { userId: row.user_id, email: row.email, sessionToken: token, expiresAt };
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
