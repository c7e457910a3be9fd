import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestServiceAccount } from '../google-auth/testing';
import { FCM_SCOPE } from './access-token';

// A local stand-in for Google's OAuth2 token endpoint (its service account from google-auth/testing.ts)
// and FCM's HTTP v1 `messages:send`, speaking both as Google documents them, for the adapter's
// tests. Not imported by the app.

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
  const account = createTestServiceAccount({
    projectId,
    clientEmail: `push@${projectId}.iam.gserviceaccount.com`,
    scope: FCM_SCOPE,
    tokenPrefix: 'test',
  });
  const next = new Map<string, TestFcmAnswer[]>();
  const always = new Map<string, TestFcmAnswer>();
  let inFlight = 0;
  let messageCount = 0;

  const server = http.createServer((request, response) => {
    readBody(request)
      .then(async (body) => {
        const url = request.url ?? '';
        if (request.method === 'POST' && url === '/token') {
          const granted = account.grant(body, state.expiresIn);
          return reply(response, granted.status, granted.body);
        }
        if (request.method === 'POST' && url === `/v1/projects/${projectId}/messages:send`) {
          inFlight += 1;
          state.maxInFlight = Math.max(state.maxInFlight, inFlight);
          try {
            await new Promise((resolve) => setTimeout(resolve, state.sendDelayMs));
            const authorization = request.headers.authorization ?? '';
            if (!account.authorizes(authorization)) {
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
    clientEmail: account.clientEmail,
    writeServiceAccount: (dir) => account.writeKeyFile(dir, `${projectId}-service-account.json`, `${origin}/token`),
    received: [],
    attempts: new Map(),
    arrivals: new Map(),
    issued: account.issued,
    maxInFlight: 0,
    expiresIn: 3600,
    sendDelayMs: 0,
    answerNext(token, ...answers) {
      next.set(token, [...(next.get(token) ?? []), ...answers]);
    },
    answerAlways(token, answer) {
      always.set(token, answer);
    },
    revokeAccessTokens: account.revokeAccessTokens,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
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
