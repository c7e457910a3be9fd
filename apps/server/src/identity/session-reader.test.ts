import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../platform/mail/mailer';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { type Auth, createAuth, DEFAULT_AUTH_RATE_LIMITS } from './auth';
import { createSessionReader, readerMatches, type SessionReader } from './session-reader';
import { ORIGIN } from './testing';

const SECRET = 'session-reader-secret-of-at-least-32-characters';
const COOKIE = 'outpost.session_token';
const DATA_COOKIE = 'outpost.session_data';
const DAY = 86_400_000;

/** A session in each state the library tells apart, by its expiry (sessions last seven days, renewed hourly). */
const STATES = {
  live: () => new Date(Date.now() + 7 * DAY - 60_000),
  renewalDue: () => new Date(Date.now() + 7 * DAY - 2 * 3_600_000),
  expired: () => new Date(Date.now() - 60_000),
} as const;
type State = keyof typeof STATES;

interface Player {
  userId: string;
  email: string;
  token: string;
  /** `token.signature`, as the library signs its cookie and hands out bearer tokens. */
  signed: string;
}

describe.each(TEST_DIALECTS)('the session reader on %s', (dialect) => {
  let stores: TestStores;
  let auth: Auth;
  let readSession: SessionReader;
  let serial = 0;

  beforeAll(async () => {
    stores = await openTestStores(dialect);
    const logger = pino({ level: 'silent' });
    auth = createAuth({
      identity: stores.stores.identity,
      dialect,
      secret: SECRET,
      publicUrl: ORIGIN,
      production: false,
      mailer: createMailer({ identity: stores.stores.identity, from: 'reader@outpost.test', logger }),
      logger,
      rateLimits: DEFAULT_AUTH_RATE_LIMITS,
    });
    readSession = createSessionReader(auth, stores.stores.identity);
  });
  afterAll(() => stores.cleanup());

  async function player(state: State = 'live'): Promise<Player> {
    serial += 1;
    const email = `reader-${serial}@example.com`;
    const { headers, response } = await auth.api.signUpEmail({
      body: { email, password: 'correct horse battery', name: `reader-${serial}` },
      returnHeaders: true,
    });
    const signed = decodeURIComponent(headers.get('set-auth-token') ?? '');
    const token = response.token ?? '';
    const expiresAt = STATES[state]();
    await stores.stores.identity
      .updateTable('auth_sessions')
      .set({ expires_at: dialect === 'postgres' ? expiresAt : expiresAt.toISOString() })
      .where('token', '=', token)
      .execute();
    return { userId: response.user.id, email, token, signed };
  }

  /** The library's own answer, and the cookies it would set with it. */
  async function libraryAnswer(headers: IncomingHttpHeaders) {
    const { headers: answer, response } = await auth.api.getSession({
      headers: fromNodeHeaders(headers),
      returnHeaders: true,
    });
    return { session: response, cookies: answer.getSetCookie() };
  }

  it('reads a live session from a signed bearer token, an unsigned one, an encoded one and the cookie', async () => {
    const ash = await player();
    const forms: IncomingHttpHeaders[] = [
      { authorization: `Bearer ${ash.signed}` },
      { authorization: `bearer  ${ash.token} ` },
      { authorization: `Bearer ${encodeURIComponent(ash.signed)}` },
      { cookie: `theme=dark; ${COOKIE}=${encodeURIComponent(ash.signed)}` },
      { cookie: `${COOKIE}="${ash.signed}"; ${COOKIE}=someone-else` },
      // The bearer token wins over a cookie, as the bearer plugin has it.
      { authorization: `Bearer ${ash.signed}`, cookie: `${COOKIE}=someone-else.${'A'.repeat(43)}=` },
    ];
    for (const headers of forms) {
      const read = await readSession(headers);
      expect(read, JSON.stringify(headers)).toMatchObject({
        userId: ash.userId,
        email: ash.email,
        sessionToken: ash.token,
      });
      const library = await libraryAnswer(headers);
      expect(library.session?.user.id).toBe(ash.userId);
      expect(read?.expiresAt).toBe(library.session?.session.expiresAt.getTime());
      expect(library.cookies).toEqual([]);
    }
  });

  it('answers up to the moment the library would renew the session, and not from then on', async () => {
    const ash = await player();
    const headers = { authorization: `Bearer ${ash.signed}` };
    const read = await readSession(headers);
    const expiresAt = read?.expiresAt ?? Number.NaN;
    // Seven-day sessions, renewed once an hour has passed since their expiry was last set.
    const renewalAt = expiresAt - 7 * DAY + 3_600_000;
    expect(await readSession(headers, renewalAt - 1)).toMatchObject({ userId: ash.userId });
    expect(await readSession(headers, renewalAt)).toBeUndefined();
    expect(await readSession(headers, expiresAt)).toBeUndefined();
  });

  it('answers nothing when the library is set up otherwise than it assumes', () => {
    const options = auth.options;
    expect(readerMatches(options)).toBe(true);
    const session = { ...options.session };
    expect(readerMatches({ ...options, session: { ...session, cookieCache: { enabled: true } } })).toBe(false);
    expect(readerMatches({ ...options, session: { ...session, deferSessionRefresh: true } })).toBe(false);
    expect(readerMatches({ ...options, plugins: [] })).toBe(false);
    const [bearerPlugin] = options.plugins;
    expect(readerMatches({ ...options, plugins: [{ ...bearerPlugin, options: { requireSignature: true } }] })).toBe(
      false,
    );
    // Sessions kept in another store (Redis, say): here a map, which the library would read first.
    const values = new Map<string, string>();
    const storage = {
      get: (key: string) => values.get(key) ?? null,
      getAndDelete: (key: string) => {
        const value = values.get(key) ?? null;
        values.delete(key);
        return value;
      },
      increment: (key: string) => {
        const next = Number(values.get(key) ?? 0) + 1;
        values.set(key, String(next));
        return next;
      },
      set: (key: string, value: string) => {
        values.set(key, value);
      },
      delete: (key: string) => {
        values.delete(key);
      },
    };
    expect(readerMatches({ ...options, secondaryStorage: storage })).toBe(false);
  });

  it('leaves to the library what it cannot answer without it: renewal, expiry, bad signatures, unknown tokens', async () => {
    const due = await player('renewalDue');
    const expired = await player('expired');
    const live = await player();
    const tampered = `${live.token}.${'B'.repeat(43)}=`;
    const deferred: IncomingHttpHeaders[] = [
      { authorization: `Bearer ${due.signed}` },
      { authorization: `Bearer ${expired.signed}` },
      { authorization: `Bearer ${tampered}` },
      { cookie: `${COOKIE}=${encodeURIComponent(tampered)}` },
      { authorization: 'Bearer no-such-session' },
      { authorization: `Bearer ${live.signed}.extra` },
      { cookie: `${COOKIE}=${encodeURIComponent(live.signed)}; ${DATA_COOKIE}=stale` },
      { cookie: `${COOKIE}=${encodeURIComponent(live.signed)}; ${DATA_COOKIE}.0=a-chunk` },
      {},
    ];
    for (const headers of deferred) expect(await readSession(headers), JSON.stringify(headers)).toBeUndefined();
    // What the library then does: renews the due session (a cookie), ends the expired one.
    const renewed = await libraryAnswer({ authorization: `Bearer ${due.signed}` });
    expect(renewed.session?.user.id).toBe(due.userId);
    expect(renewed.cookies.some((cookie) => cookie.startsWith(`${COOKIE}=`))).toBe(true);
    expect((await libraryAnswer({ authorization: `Bearer ${expired.signed}` })).session).toBeNull();
    // Renewed, the session is live again and the reader answers it.
    expect(await readSession({ authorization: `Bearer ${due.signed}` })).toMatchObject({ userId: due.userId });
  });

  it('never answers otherwise than the library would, whatever the request presents', async () => {
    const players = { live: await player(), due: await player('renewalDue'), expired: await player('expired') };
    const other = await player();
    const signedOf = (which: keyof typeof players) => players[which].signed;
    const credential = fc.oneof(
      fc.constantFrom('live', 'due', 'expired').map(signedOf),
      fc.constantFrom('live', 'due').map((which) => players[which].token),
      fc.constant(`${players.live.token}.${other.signed.split('.')[1]}`),
      fc.constant(other.signed),
      fc.string({ maxLength: 60 }),
    );
    const encoded = fc
      .tuple(credential, fc.boolean())
      .map(([value, encode]) => (encode ? encodeURIComponent(value) : value));
    const authorization = fc.option(
      fc
        .tuple(fc.constantFrom('Bearer ', 'bearer ', 'BEARER  ', 'Basic ', ''), encoded)
        .map(([scheme, value]) => scheme + value),
      { nil: undefined },
    );
    const cookie = fc.option(
      fc
        .array(
          fc.tuple(
            fc.constantFrom(COOKIE, DATA_COOKIE, `${DATA_COOKIE}.0`, 'theme', ` ${COOKIE}`),
            encoded,
            fc.boolean(),
          ),
          { maxLength: 3 },
        )
        .map((pairs) => pairs.map(([name, value, quoted]) => `${name}=${quoted ? `"${value}"` : value}`).join('; ')),
      { nil: undefined },
    );
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(authorization, cookie, async (bearer, cookies) => {
        const headers: IncomingHttpHeaders = {
          ...(bearer === undefined ? {} : { authorization: bearer }),
          ...(cookies === undefined ? {} : { cookie: cookies }),
        };
        const read = await readSession(headers);
        if (read === undefined) return;
        answered += 1;
        const library = await libraryAnswer(headers);
        expect(library.cookies).toEqual([]);
        expect(library.session?.user).toMatchObject({ id: read.userId, email: read.email });
        expect(library.session?.session.token).toBe(read.sessionToken);
        expect(library.session?.session.expiresAt.getTime()).toBe(read.expiresAt);
      }),
      { numRuns: 300 },
    );
    // The property says something only if the reader answered a fair share of the requests.
    expect(answered).toBeGreaterThan(20);
  });
});
