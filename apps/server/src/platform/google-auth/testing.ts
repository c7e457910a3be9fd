import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * For tests: a Google service account and the OAuth 2.0 token endpoint that takes its JWT-bearer
 * grant, as Google documents them, for the local servers that stand in for Google's APIs (FCM's,
 * Google Play's). The account's key pair is made here; its JSON key file names the local server's
 * token endpoint as token_uri. Not imported by the app.
 */

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google: "When making an access token request this value is always https://oauth2.googleapis.com/token." */
const TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';

export interface TestServiceAccountOptions {
  projectId: string;
  clientEmail: string;
  /** The scope the grant must ask for (the API's own). */
  scope: string;
  /** The access tokens' prefix after Google's `ya29.`, telling the servers' tokens apart. */
  tokenPrefix: string;
}

export interface TestServiceAccount {
  projectId: string;
  clientEmail: string;
  /** Writes the account's JSON key file into `dir` as `fileName`, naming `tokenUri`; answers its path. */
  writeKeyFile(dir: string, fileName: string, tokenUri: string): string;
  /**
   * The token endpoint's answer to a request's form body: an access token living `expiresIn`
   * seconds for a valid grant, Google's OAuth error (400) otherwise.
   */
  grant(form: string, expiresIn?: number): { status: 200 | 400; body: object };
  /** Whether an Authorization header carries an access token issued and not revoked. */
  authorizes(authorization: string | undefined): boolean;
  /** Access tokens issued, in order. */
  issued: string[];
  /** Forgets every access token issued so far: the server refuses their next use. */
  revokeAccessTokens(): void;
}

export function createTestServiceAccount(options: TestServiceAccountOptions): TestServiceAccount {
  const { projectId, clientEmail, scope, tokenPrefix } = options;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const valid = new Set<string>();
  const issued: string[] = [];

  /**
   * The JWT-bearer grant as Google's token endpoint checks it: an RS256 assertion signed by the
   * account's key, issued by its email, for Google's audience and the API's scope, valid now and
   * for at most an hour.
   */
  function refusal(form: URLSearchParams): OAuthError | null {
    if (form.get('grant_type') !== JWT_BEARER) return oauthError('unsupported_grant_type', 'Invalid grant_type');
    const [header, payload, signature] = (form.get('assertion') ?? '').split('.');
    if (header === undefined || payload === undefined || signature === undefined) {
      return oauthError('invalid_request', 'Invalid JWT: not three segments');
    }
    const decoded = (part: string): Record<string, unknown> =>
      JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (decoded(header).alg !== 'RS256') return oauthError('invalid_grant', 'Invalid JWT: alg must be RS256');
    if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))) {
      return oauthError('invalid_grant', 'Invalid JWT Signature.');
    }
    const claims = decoded(payload);
    const now = Math.floor(Date.now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (claims.iss !== clientEmail) return oauthError('invalid_grant', 'Invalid JWT: unknown issuer');
    if (claims.aud !== TOKEN_AUDIENCE) return oauthError('invalid_grant', 'Invalid JWT: wrong audience');
    if (
      !String(claims.scope ?? '')
        .split(' ')
        .includes(scope)
    ) {
      return oauthError('invalid_scope', 'Missing scope');
    }
    if (!(iat <= now + 60 && exp > now && exp - iat <= 3600)) {
      return oauthError(
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
      );
    }
    return null;
  }

  return {
    projectId,
    clientEmail,
    writeKeyFile(dir, fileName, tokenUri) {
      const file = path.join(dir, fileName);
      const key = {
        type: 'service_account',
        project_id: projectId,
        private_key_id: randomBytes(20).toString('hex'),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email: clientEmail,
        client_id: '100000000000000000001',
        auth_uri: 'https://accounts.google.com/o/oauth2/auth',
        token_uri: tokenUri,
      };
      fs.writeFileSync(file, JSON.stringify(key, null, 2));
      return file;
    },
    grant(form, expiresIn = 3600) {
      const refused = refusal(new URLSearchParams(form));
      if (refused) return { status: 400, body: refused };
      const accessToken = `ya29.${tokenPrefix}-${randomBytes(16).toString('base64url')}`;
      valid.add(accessToken);
      issued.push(accessToken);
      return { status: 200, body: { access_token: accessToken, expires_in: expiresIn, token_type: 'Bearer' } };
    },
    authorizes: (authorization) => valid.has((authorization ?? '').replace(/^Bearer /, '')),
    issued,
    revokeAccessTokens() {
      valid.clear();
    },
  };
}

interface OAuthError {
  error: string;
  error_description: string;
}

function oauthError(error: string, description: string): OAuthError {
  return { error, error_description: description };
}
