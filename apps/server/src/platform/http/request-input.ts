import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FunctionError } from './errors';
import { appendRouteHook, isApiRoute } from './route-hooks';

/*
 * What no request may carry, whatever its route: JSON nested deeper than any contract reads
 * (JSON.stringify and other recursive walks overflow the stack on it, a 500), and the NUL
 * character, which PostgreSQL's text cannot store and SQLite's full-text queries cannot read (a
 * 500 on either). Both are refused as 400 before a route sees the request, so no route can
 * forget them.
 */

/** Deeper than any contract: the deepest body a route reads (a product save) nests five levels. */
export const MAX_JSON_DEPTH = 64;

export const INPUT_MESSAGES = {
  tooDeep: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
  nulInBody: 'Text in the request body may not contain the NUL character (\\u0000).',
  nulInUrl: 'The address of the request may not contain the NUL character (%00).',
} as const;

/** Whether JSON text nests objects and arrays deeper than `limit` (strings and their escapes skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  // A body this short cannot open `limit` brackets: each level costs at least one character.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return false;
}

/** Whether a parsed value holds a string (or an object key) with a NUL character. */
function holdsNul(value: unknown): boolean {
  // Iterative: the value is at most MAX_JSON_DEPTH deep, but no recursion is needed at all.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\0')) return true;
    } else if (Array.isArray(next)) pending.push(...next);
    else if (typeof next === 'object' && next !== null) {
      for (const [key, member] of Object.entries(next)) {
        if (key.includes('\0')) return true;
        pending.push(member);
      }
    }
  }
  return false;
}

/**
 * Checks JSON text before and after parsing it with `parse`: its nesting first (cheap, and before
 * a parser builds the whole tree), then, only when the text holds the escape at all, whether a
 * parsed string really holds a NUL (the text `\\u0000` is a backslash and "u0000", which is fine).
 */
export function parseCheckedJson(text: string, parse: (text: string) => unknown): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new FunctionError('invalid-argument', INPUT_MESSAGES.tooDeep);
  const value = parse(text);
  if (text.includes('\\u0000') && holdsNul(value))
    throw new FunctionError('invalid-argument', INPUT_MESSAGES.nulInBody);
  return value;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (secure-json-parse: `__proto__` and
 * `constructor.prototype` keys refused) behind the checks above.
 */
export function registerRequestInputChecks(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  // The default parser answers through its callback before it returns.
  const parseWithDefault = (request: FastifyRequest) => (text: string) => {
    let outcome: { error: Error | null; value: unknown } = {
      error: new Error('the JSON parser did not answer'),
      value: undefined,
    };
    defaultParser(request, text, (error, value) => {
      outcome = { error, value };
    });
    if (outcome.error) throw outcome.error;
    return outcome.value;
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parseCheckedJson(body as string, parseWithDefault(request)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // A NUL in the path or query string: percent-encoded, since HTTP parsers refuse the raw byte.
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    appendRouteHook(route, 'onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
      done(request.url.includes('%00') ? new FunctionError('invalid-argument', INPUT_MESSAGES.nulInUrl) : undefined);
    });
  });
}

type HookDone = (error?: Error) => void;
