/**
 * What one `messages:send` answer means for its token. The shapes are Google's: a success is
 * `{name: "projects/…/messages/…"}`; an error is `{error: {code, message, status, details}}`,
 * whose details may hold a `google.firebase.fcm.v1.FcmError` (with FCM's own errorCode) and a
 * `google.rpc.BadRequest` (with the fields at fault).
 */
export type FcmAnswer =
  | { kind: 'sent'; messageId: string }
  | { kind: 'unregistered' }
  /** Worth another try (5xx, a lost connection); `retryAfter` is the header, if any. */
  | { kind: 'retry'; reason: string; retryAfter: string | null }
  /** The project's quota is spent (429, QUOTA_EXCEEDED): every send of the project pauses. */
  | { kind: 'throttled'; reason: string; retryAfter: string | null }
  /** The access token was refused: fetch a new one and try again. */
  | { kind: 'reauthenticate'; reason: string }
  | { kind: 'failed'; reason: string };

interface FcmErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

export function readFcmAnswer(httpStatus: number, body: unknown, retryAfter: string | null): FcmAnswer {
  if (httpStatus >= 200 && httpStatus < 300) {
    const name = (body as { name?: unknown } | null)?.name;
    return typeof name === 'string'
      ? { kind: 'sent', messageId: name }
      : { kind: 'failed', reason: `FCM answered ${httpStatus} without a message name` };
  }
  const error = (body as FcmErrorBody | null)?.error;
  const details = Array.isArray(error?.details) ? error.details : [];
  const code = details.find((detail) => detail['@type'] === FCM_ERROR_TYPE)?.errorCode ?? error?.status;
  const reason = `FCM ${httpStatus} ${code ?? 'error'}: ${error?.message ?? 'no message'}`;
  if (httpStatus === 429 || code === 'QUOTA_EXCEEDED') return { kind: 'throttled', reason, retryAfter };
  if (httpStatus >= 500) return { kind: 'retry', reason, retryAfter };
  if (httpStatus === 401) return { kind: 'reauthenticate', reason };
  if (code === 'UNREGISTERED') return { kind: 'unregistered' };
  if (code === 'INVALID_ARGUMENT' && aboutTheToken(error?.message, details)) return { kind: 'unregistered' };
  return { kind: 'failed', reason };
}

/**
 * INVALID_ARGUMENT also covers a bad payload (a data value, a message too big), which is no
 * reason to forget every token of the send; only a refusal that names the token prunes it.
 */
function aboutTheToken(message: string | undefined, details: NonNullable<FcmErrorBody['error']>['details'] = []) {
  const fields = details
    .filter((detail) => detail['@type'] === BAD_REQUEST_TYPE)
    .flatMap((detail) => detail.fieldViolations ?? [])
    .map((violation) => violation.field);
  if (fields.length > 0) return fields.every((field) => field === 'message.token');
  return /registration token/i.test(message ?? '');
}
