import { generateKeyPairSync, type KeyObject, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FCM_SCOPE } from './access-token';

// A local stand-in for Google's OAuth2 token endpoint and FCM's HTTP v1 `messages:send`, speaking
// both as Google documents them, for the adapter's tests. Not imported by the app.

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google: "When making an access token request this value is always https://oauth2.googleapis.com/token." */
const TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

/** How the server answers one send to a token, instead of accepting it. */
export type TestFcmAnswer =
  | { status: 429; retryAfter?: string }
  | { status: 500 | 503 }
  | 'unregistered'
  | 'invalid-token'
  | 'invalid-data';

export interface ReceivedPush {
  token: string;
  title: string;
  body: string;
  data: Record<string, string> | undefined;
  /** The Authorization header the send came with. */
  authorization: string;
}

export interface TestFcmServer {
  /** The FCM API host, for FCM_<ENV>_API_URL. */
  apiUrl: string;
  /** The OAuth2 token endpoint, named as token_uri in the service account file. */
  tokenUri: string;
  projectId: string;
  clientEmail: string;
  /** Writes a service-account key file for this server's account into `dir`; returns its path. */
  writeServiceAccount(dir: string): string;
  /** Pushes FCM accepted, in the order it accepted them. */
  received: ReceivedPush[];
  /** Every send request per token, accepted or not. */
  attempts: Map<string, number>;
  /** Times (Date.now()) at which each token's sends arrived. */
  arrivals: Map<string, number[]>;
  /** Access tokens the token endpoint issued. */
  issued: string[];
  /** The most sends ever in flight at once. */
  maxInFlight: number;
  /** Lifetime given to the access tokens (seconds; Google gives 3600). */
  expiresIn: number;
  /** How long each send is held before its answer, so overlapping sends can be counted. */
  sendDelayMs: number;
  /** The next sends to `token` get these answers, one each, before it is accepted again. */
  answerNext(token: string, ...answers: TestFcmAnswer[]): void;
  /** Every send to `token` gets this answer. */
  answerAlways(token: string, answer: TestFcmAnswer): void;
  /** Forgets every access token issued so far: their next use is refused with 401. */
  revokeAccessTokens(): void;
  close(): Promise<void>;
}

export async function startTestFcmServer(options: { projectId?: string } = {}): Promise<TestFcmServer> {
  const projectId = options.projectId ?? 'outpost-test';
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const valid = new Set<string>();
  const next = new Map<string, TestFcmAnswer[]>();
  const always = new Map<string, TestFcmAnswer>();
  let inFlight = 0;
  let messageCount = 0;

  const server = http.createServer((request, response) => {
    readBody(request)
      .then(async (body) => {
        const url = request.url ?? '';
        if (request.method === 'POST' && url === '/token') {
          const refusal = refuseGrant(body, publicKey, clientEmail);
          if (refusal) return reply(response, 400, refusal);
          const accessToken = `ya29.test-${randomBytes(12).toString('base64url')}`;
          valid.add(accessToken);
          state.issued.push(accessToken);
          return reply(response, 200, { access_token: accessToken, expires_in: state.expiresIn, token_type: 'Bearer' });
        }
        if (request.method === 'POST' && url === `/v1/projects/${projectId}/messages:send`) {
          inFlight += 1;
          state.maxInFlight = Math.max(state.maxInFlight, inFlight);
          try {
            await new Promise((resolve) => setTimeout(resolve, state.sendDelayMs));
            const authorization = request.headers.authorization ?? '';
            if (!valid.has(authorization.replace(/^Bearer /, ''))) {
              return reply(
                response,
                401,
                googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
              );
            }
            return answerSend(response, body, authorization);
          } finally {
            inFlight -= 1;
          }
        }
        return reply(response, 404, googleError(404, 'NOT_FOUND', `No route ${request.method} ${url}`));
      })
      .catch((error: unknown) => reply(response, 500, googleError(500, 'INTERNAL', String(error))));
  });

  function answerSend(response: http.ServerResponse, text: string, authorization: string) {
    const message = parseMessage(text);
    if (typeof message === 'string') {
      return reply(response, 400, badRequest(message === 'data' ? 'message.data' : 'message', `Invalid ${message}`));
    }
    state.attempts.set(message.token, (state.attempts.get(message.token) ?? 0) + 1);
    state.arrivals.set(message.token, [...(state.arrivals.get(message.token) ?? []), Date.now()]);
    const answer = next.get(message.token)?.shift() ?? always.get(message.token);
    if (answer === undefined) {
      state.received.push({ ...message, authorization });
      messageCount += 1;
      return reply(response, 200, { name: `projects/${projectId}/messages/${messageCount}` });
    }
    if (answer === 'unregistered') {
      return reply(response, 404, fcmError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.'));
    }
    if (answer === 'invalid-token') {
      const text = 'The registration token is not a valid FCM registration token';
      return reply(response, 400, fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', text));
    }
    if (answer === 'invalid-data') {
      return reply(response, 400, badRequest('message.data[0].value', "Invalid value at 'message.data[0].value'"));
    }
    if (answer.status === 429) {
      const headers: Record<string, string> =
        answer.retryAfter === undefined ? {} : { 'retry-after': answer.retryAfter };
      return reply(response, 429, fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED', 'Quota exceeded.'), headers);
    }
    const status = answer.status === 503 ? 'UNAVAILABLE' : 'INTERNAL';
    return reply(response, answer.status, fcmError(answer.status, status, status, 'The service is unavailable.'));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: TestFcmServer = {
    apiUrl: origin,
    tokenUri: `${origin}/token`,
    projectId,
    clientEmail,
    writeServiceAccount(dir) {
      const file = path.join(dir, `${projectId}-service-account.json`);
      const key = {
        type: 'service_account',
        project_id: projectId,
        private_key_id: randomBytes(20).toString('hex'),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email: clientEmail,
        client_id: '100000000000000000001',
        auth_uri: 'https://accounts.google.com/o/oauth2/auth',
        token_uri: `${origin}/token`,
      };
      fs.writeFileSync(file, JSON.stringify(key, null, 2));
      return file;
    },
    received: [],
    attempts: new Map(),
    arrivals: new Map(),
    issued: [],
    maxInFlight: 0,
    expiresIn: 3600,
    sendDelayMs: 0,
    answerNext(token, ...answers) {
      next.set(token, [...(next.get(token) ?? []), ...answers]);
    },
    answerAlways(token, answer) {
      always.set(token, answer);
    },
    revokeAccessTokens() {
      valid.clear();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}

/**
 * The JWT-bearer grant as Google's token endpoint checks it: an RS256 assertion signed by the
 * account's key, issued by its email, for Google's audience and FCM's scope, valid now and for
 * at most an hour.
 */
function refuseGrant(text: string, publicKey: KeyObject, clientEmail: string): OAuthError | null {
  const form = new URLSearchParams(text);
  if (form.get('grant_type') !== JWT_BEARER) return oauthError('unsupported_grant_type', 'Invalid grant_type');
  const [header, payload, signature] = (form.get('assertion') ?? '').split('.');
  if (header === undefined || payload === undefined || signature === undefined) {
    return oauthError('invalid_request', 'Invalid JWT: not three segments');
  }
  const decoded = (part: string): Record<string, unknown> =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (decoded(header).alg !== 'RS256') return oauthError('invalid_grant', 'Invalid JWT: alg must be RS256');
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return oauthError('invalid_grant', 'Invalid JWT Signature.');
  const claims = decoded(payload);
  const now = Math.floor(Date.now() / 1000);
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  if (claims.iss !== clientEmail) return oauthError('invalid_grant', 'Invalid JWT: unknown issuer');
  if (claims.aud !== TOKEN_AUDIENCE) return oauthError('invalid_grant', 'Invalid JWT: wrong audience');
  if (
    !String(claims.scope ?? '')
      .split(' ')
      .includes(FCM_SCOPE)
  )
    return oauthError('invalid_scope', 'Missing scope');
  if (!(iat <= now + 60 && exp > now && exp - iat <= 3600)) {
    return oauthError(
      'invalid_grant',
      'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
    );
  }
  return null;
}

function parseMessage(text: string): Omit<ReceivedPush, 'authorization'> | 'message' | 'data' {
  let json: { message?: { token?: unknown; notification?: { title?: unknown; body?: unknown }; data?: unknown } };
  try {
    json = JSON.parse(text);
  } catch {
    return 'message';
  }
  const message = json.message;
  if (typeof message?.token !== 'string') return 'message';
  const { title, body } = message.notification ?? {};
  if (typeof title !== 'string' || typeof body !== 'string') return 'message';
  const data = message.data;
  if (
    data !== undefined &&
    (typeof data !== 'object' || data === null || Object.values(data).some((v) => typeof v !== 'string'))
  ) {
    return 'data';
  }
  return { token: message.token, title, body, data: data as Record<string, string> | undefined };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function reply(response: http.ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  response.end(JSON.stringify(body));
}

interface OAuthError {
  error: string;
  error_description: string;
}

function oauthError(error: string, description: string): OAuthError {
  return { error, error_description: description };
}

function googleError(code: number, status: string, message: string, details: object[] = []) {
  return { error: { code, message, status, ...(details.length > 0 ? { details } : {}) } };
}

function fcmError(code: number, status: string, errorCode: string, message: string) {
  return googleError(code, status, message, [{ '@type': FCM_ERROR_TYPE, errorCode }]);
}

function badRequest(field: string, description: string) {
  return googleError(400, 'INVALID_ARGUMENT', description, [
    { '@type': BAD_REQUEST_TYPE, fieldViolations: [{ field, description }] },
  ]);
}
