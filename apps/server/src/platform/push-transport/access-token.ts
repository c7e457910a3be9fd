import { gaxios, JWT } from 'google-auth-library';
import type { ServiceAccount } from './service-account';

/** The one scope FCM's HTTP v1 API asks for. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** google-auth-library posts every service-account token request here, whatever the key file says. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** A service account's OAuth2 access tokens, fetched when needed and reused until they near expiry. */
export interface AccessTokenSource {
  get(): Promise<string>;
  /** Drops the cached token (FCM refused it), so the next get() fetches a new one. */
  forget(): void;
}

/**
 * google-auth-library's JWT client signs the assertion (RS256, iss, scope, aud, iat, exp) and
 * caches the token until five minutes before it expires. It ignores the key file's token_uri, so
 * its HTTP client is given one that sends the token request there: Google's own files name
 * Google's endpoint, and a test's file names its local server.
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
  // The library fetches once per caller while no token is cached; sixteen sends starting together
  // share one request instead.
  let pending: Promise<string> | undefined;
  return {
    get() {
      pending ??= client
        .getAccessToken()
        .then(({ token }) => {
          if (!token) throw new Error(`The token endpoint ${account.tokenUri} answered no access token`);
          return token;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    forget() {
      // The client and its token helper each keep the token while it is unexpired by their
      // clocks; a fresh client is the one way to drop both.
      client = newClient();
    },
  };
}
