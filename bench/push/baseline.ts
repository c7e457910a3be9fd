import http from 'node:http';
import { serviceAccountTokens } from '../../apps/server/src/platform/push-transport/access-token';
import { mapBounded } from '../../apps/server/src/platform/push-transport/pool';
import type { ServiceAccount } from '../../apps/server/src/platform/push-transport/service-account';

/**
 * The floor under the app's figure: the same messages:send requests (one per token, the body the
 * adapter writes, a bearer token from the same endpoint) straight from node:http with a keep-alive
 * agent and the same number in flight, nothing read or written in a store. What the local server
 * and the loopback can do on this machine now.
 */
export async function postStraight(options: {
  apiUrl: string;
  serviceAccount: ServiceAccount;
  tokens: readonly string[];
  message: { title: string; body: string };
  concurrency: number;
}): Promise<{ seconds: number; failures: number }> {
  const { apiUrl, serviceAccount, tokens, message, concurrency } = options;
  const url = new URL(`/v1/projects/${serviceAccount.projectId}/messages:send`, apiUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const started = performance.now();
  const authorization = `Bearer ${await serviceAccountTokens(serviceAccount).get()}`;
  const post = (token: string) =>
    new Promise<boolean>((resolve) => {
      const body = JSON.stringify({
        message: { token, notification: message, data: { messageID: 'baseline' } },
      });
      const request = http.request(
        url,
        { method: 'POST', agent, headers: { authorization, 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode === 200));
        },
      );
      request.on('error', () => resolve(false));
      request.end(body);
    });
  try {
    const answers = await mapBounded(tokens, concurrency, post);
    return {
      seconds: (performance.now() - started) / 1000,
      failures: answers.filter((ok) => !ok).length,
    };
  } finally {
    agent.destroy();
  }
}
