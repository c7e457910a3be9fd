import { gaxios, JWT } from 'google-auth-library';
import type { ServiceAccount } from './service-account';

/** The one scope FCM's HTTP v1 API asks for. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** google-auth-library posts every service-account token request here, whatever the key file says. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** A token is renewed this long before it expires, as google-auth-library renews its own. */
const ACCESS_TOKEN_RENEW_BEFORE_MS = 5 * 60_000;

/** A service account's OAuth2 access tokens, fetched when needed and reused until they near expiry. */
export interface AccessTokenSource {
  get(): Promise<string>;
  /** Drops the cached token (FCM refused it), so the next get() fetches a new one. */
  forget(): void;
}

/**
 * google-auth-library's JWT client signs the assertion (RS256, iss, scope, aud, iat, exp) and
 * fetches the token. It ignores the key file's token_uri, so its HTTP client is given one that
 * sends the token request there: Google's own files name Google's endpoint, and a test's file
 * names its local server. The token is kept here with its expiry, and answered as it is until
 * five minutes before: the library's own cache saves the request but not its checks, a chain of
 * promises for each of a send's 100,000 requests.
 */
export function serviceAccountTokens(account: ServiceAccount): AccessTokenSource {
  const transporter = new gaxios.Gaxios();
  transporter.interceptors.request.add({
    resolved: async (request) => {
      if (request.url.href === GOOGLE_TOKEN_URL) request.url = new URL(account.tokenUri);
      return request;
    },
  });
  const newClient = () =>
    new JWT({ email: account.clientEmail, key: account.privateKey, scopes: [FCM_SCOPE], transporter });
  let client = newClient();
  let kept: { token: Promise<string>; renewAt: number } | undefined;
  // The library fetches once per caller while no token is cached; sixteen sends starting together
  // share one request instead.
  let pending: Promise<string> | undefined;
  const fetchToken = (from: JWT) =>
    from.getAccessToken().then(({ token }) => {
      if (!token) throw new Error(`The token endpoint ${account.tokenUri} answered no access token`);
      // Google says how long it lives (expires_in); a token without an expiry is asked for again next time.
      const expiresAt = from.credentials.expiry_date ?? Date.now();
      if (client === from) kept = { token: Promise.resolve(token), renewAt: expiresAt - ACCESS_TOKEN_RENEW_BEFORE_MS };
      return token;
    });
  return {
    get() {
      if (kept && Date.now() < kept.renewAt) return kept.token;
      pending ??= fetchToken(client).finally(() => {
        pending = undefined;
      });
      return pending;
    },
    forget() {
      // The client and its token helper each keep the token while it is unexpired by their
      // clocks; a fresh client is the one way to drop both.
      client = newClient();
      kept = undefined;
    },
  };
}
