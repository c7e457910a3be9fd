/* The wire of the local Stripe: answers, errors and ids as Stripe's API writes them. */
import { randomBytes } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface Answer {
  status: number;
  body: unknown;
  /** Kept under the request's Idempotency-Key: Stripe keeps what it started executing. */
  keep: boolean;
}

export function ok(body: unknown): Answer {
  return { status: 200, body, keep: true };
}

/** A request Stripe checked and refused before doing anything: not kept, a corrected retry may reuse the key. */
export function invalid(status: number, message: string, code?: string, param?: string): Answer {
  return { status, body: errorBody('invalid_request_error', message, code, param), keep: false };
}

/** A request Stripe started executing and refused: kept, so a repeat of the key answers the same refusal. */
export function refused(status: number, message: string, code?: string, param?: string): Answer {
  return { status, body: errorBody('invalid_request_error', message, code, param), keep: true };
}

export function missing(param: string): Answer {
  return invalid(400, `Missing required param: ${param}.`, 'parameter_missing', param);
}

export function errorBody(type: string, message: string, code?: string, param?: string) {
  return {
    error: {
      ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
      message,
      ...(param ? { param } : {}),
      request_log_url: `https://dashboard.stripe.com/test/logs/req_${randomId(14)}`,
      type,
    },
  };
}

export function integer(value: unknown): number | undefined {
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : undefined;
}

export function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function copy<T>(value: T): T {
  return structuredClone(value);
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % BASE62.length];
  return id;
}
