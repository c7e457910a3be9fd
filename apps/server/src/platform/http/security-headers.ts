import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendRouteHook, isApiRoute } from './route-hooks';

export type HeaderSet = Readonly<Record<string, string>>;

/**
 * Sources a configured outside service or a screen adds to a directive (the S3 bucket's images,
 * PayPal's buttons, the theater's video players).
 */
export type CspSources = Partial<
  Record<'connect-src' | 'frame-src' | 'img-src' | 'media-src' | 'script-src' | 'style-src', string[]>
>;

/** The sources of several services together, each directive's listed once. */
export function mergeCspSources(...all: readonly CspSources[]): CspSources {
  const merged: CspSources = {};
  for (const sources of all) {
    for (const [directive, values] of Object.entries(sources) as [keyof CspSources, string[]][]) {
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...values])];
    }
  }
  return merged;
}

/**
 * The Content-Security-Policy of our HTML documents: only our own origin, no inline scripts
 * or style attributes, no framing. Small images are inlined by the build as data: URLs; the
 * services configured add their own `extra` sources (the bucket serving stored images, PayPal).
 */
export function documentContentSecurityPolicy(production: boolean, extra: CspSources = {}): string {
  const own = (directive: keyof CspSources, ...base: string[]) => [...base, ...(extra[directive] ?? [])].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['base-uri', "'self'"],
    ['connect-src', own('connect-src', "'self'")],
    ['font-src', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(extra['frame-src'] ? [['frame-src', own('frame-src', "'self'")] as [string, string]] : []),
    ['img-src', own('img-src', "'self'", 'data:')],
    ['media-src', own('media-src', "'self'")],
    ['object-src', "'none'"],
    ['script-src', own('script-src', "'self'")],
    ['script-src-attr', "'none'"],
    ['style-src', own('style-src', "'self'")],
    ['worker-src', "'self'"],
  ];
  if (production) directives.push(['upgrade-insecure-requests', '']);
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join('; ');
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers of each kind of answer, computed once. HTML documents (and the files they load)
 * get the full browser hardening set. JSON answers are never rendered as a page, so they get
 * what protects JSON: no sniffing it into something executable, a policy that runs nothing and
 * allows no framing should it be opened directly, and no cross-origin reads. HSTS goes on every
 * answer in production.
 */
export function securityHeaders(production: boolean, extra: CspSources = {}): { document: HeaderSet; api: HeaderSet } {
  const transport: HeaderSet = production ? { 'strict-transport-security': HSTS } : {};
  return {
    document: {
      'content-security-policy': documentContentSecurityPolicy(production, extra),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      ...transport,
    },
    api: {
      // Answers are the viewer's own (credits, orders, the account) or follow the store as it
      // changes: no browser, proxy or CDN keeps a copy to hand to the next person or visit.
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      ...transport,
    },
  };
}

/**
 * Sets the headers of the answer's kind before anything else runs, so refusals and errors carry
 * them too. Each route gets its set when it is registered; unmatched paths (the Not-found page,
 * or a JSON 404 under /api/) get the document set.
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean, extra: CspSources = {}): void {
  const { document, api } = securityHeaders(production, extra);
  const setter = (headers: HeaderSet) => (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.headers(headers);
    done();
  };
  const setApi = setter(api);
  const setDocument = setter(document);
  app.addHook('onRoute', (route) => appendRouteHook(route, 'onRequest', isApiRoute(route.url) ? setApi : setDocument));
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) reply.headers(document);
    done();
  });
}
