import http2 from 'node:http2';
import { serviceAccountTokens } from '../../apps/server/src/platform/push-transport/access-token';
import { mapBounded } from '../../apps/server/src/platform/push-transport/pool';
import type { ServiceAccount } from '../../apps/server/src/platform/push-transport/service-account';

/**
 * The floor under the app's figure: the same messages:send requests (one per token, the body the
 * adapter writes, a bearer token from the same endpoint) straight from one node:http2 session with
 * the same number of streams in flight, nothing read or written in a store, no quota, no retry.
 * What the local server and the loopback can do on this machine now.
 */
export async function postStraight(options: {
  apiUrl: string;
  serviceAccount: ServiceAccount;
  tokens: readonly string[];
  message: { title: string; body: string };
  concurrency: number;
}): Promise<{ seconds: number; failures: number }> {
  const { apiUrl, serviceAccount, tokens, message, concurrency } = options;
  const session = http2.connect(apiUrl);
  const started = performance.now();
  const headers = {
    ':method': 'POST',
    ':path': `/v1/projects/${serviceAccount.projectId}/messages:send`,
    authorization: `Bearer ${await serviceAccountTokens(serviceAccount).get()}`,
    'content-type': 'application/json',
  };
  const post = (token: string) =>
    new Promise<boolean>((resolve) => {
      const body = JSON.stringify({
        message: { token, notification: message, data: { messageID: 'baseline' } },
      });
      const stream = session.request(headers);
      let status = 0;
      stream.on('response', (answer) => {
        status = Number(answer[':status']);
      });
      stream.resume();
      stream.on('error', () => {});
      stream.on('close', () => resolve(status === 200));
      stream.end(body);
    });
  try {
    const answers = await mapBounded(tokens, concurrency, post);
    return {
      seconds: (performance.now() - started) / 1000,
      failures: answers.filter((ok) => !ok).length,
    };
  } finally {
    session.close();
  }
}
