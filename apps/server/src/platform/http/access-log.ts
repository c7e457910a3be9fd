import type { FastifyInstance } from 'fastify';

/** The levels at which `info` lines are written. */
const WRITES_INFO = new Set(['info', 'debug', 'trace']);

/**
 * One line per served request at `info` (issue 25 point 9), written when its answer is sent:
 * method, URL, status and time, with the request id its other lines carry. Fastify's own request
 * logging writes two lines (one as the request arrives) through a per-request child logger; one
 * line written by the app's logger with the id as a field costs half the serializing and no child.
 * A stream (GET /api/live) has no line: its reply is hijacked and never "completes".
 */
export function registerAccessLog(app: FastifyInstance): void {
  const log = app.log;
  app.addHook('onResponse', (request, reply, done) => {
    if (WRITES_INFO.has(log.level)) {
      log.info(
        {
          reqId: request.id,
          // Serialized by the logger's `req` serializer (log-redaction.ts): no headers, credentials in the address masked.
          req: request,
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
    }
    done();
  });
}
