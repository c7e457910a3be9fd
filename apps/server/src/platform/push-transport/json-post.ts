import http from 'node:http';
import https from 'node:https';

/** An answer as the FCM adapter reads it: the status, the JSON body (null when it is not JSON) and Retry-After. */
export interface JsonAnswer {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

export interface JsonPoster {
  /** POSTs `payload` as JSON; rejects when the connection fails or no answer came within `timeoutMs`. */
  post(headers: Readonly<Record<string, string>>, payload: unknown, timeoutMs: number): Promise<JsonAnswer>;
}

/**
 * POSTs JSON to one URL over keep-alive connections, at most `maxSockets` open. The FCM adapter's
 * client instead of fetch: fetch streams a string body through web streams and writes it in
 * several pieces, and at 100,000 messages:send in a row (the push bench) that cost more CPU per
 * token than the database's share; node:http sends headers and body in one write. Free sockets are
 * unreferenced by the agent, so an idle sender keeps no process alive.
 */
export function createJsonPoster(url: string, { maxSockets }: { maxSockets: number }): JsonPoster {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets });
  return {
    post(headers, payload, timeoutMs) {
      const body = Buffer.from(JSON.stringify(payload), 'utf8');
      return new Promise((resolve, reject) => {
        const request = transport.request(
          target,
          {
            method: 'POST',
            agent,
            headers: { ...headers, 'content-type': 'application/json', 'content-length': body.length },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('error', reject);
            response.on('end', () => {
              clearTimeout(timer);
              let parsed: unknown = null;
              try {
                parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                // Not JSON (a proxy's error page): the status alone decides.
              }
              const retryAfter = response.headers['retry-after'];
              resolve({ status: response.statusCode ?? 0, body: parsed, retryAfter: retryAfter ?? null });
            });
          },
        );
        // The whole exchange, not just an idle socket: a trickling answer is lost too.
        const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        request.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        request.end(body);
      });
    },
  };
}
