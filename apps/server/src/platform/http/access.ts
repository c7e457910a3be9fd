import { type Access, policyFor, type RoutePolicy } from '@outpost/contracts/api';
import { type Environment, environmentSchema, invalidEnvironmentMessage } from '@outpost/contracts/environments';
import type { Profile } from '@outpost/contracts/identity';
import { can } from '@outpost/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FunctionError } from './errors';
import { appendRouteHook, isApiRoute } from './route-hooks';

/** The signed-in account behind a request, with its profile once it has one. */
export interface Viewer {
  userId: string;
  email: string;
  profile: Profile | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
  interface FastifyRequest {
    /** Resolves the session once per request (cookie or bearer token); null for a visitor. */
    viewer(): Promise<Viewer | null>;
  }
}

export interface AccessControlOptions {
  resolveViewer(request: FastifyRequest): Promise<Viewer | null>;
  /** Runs after the access check on routes whose policy asks for attestation. */
  checkAttestation(request: FastifyRequest): Promise<void>;
  /**
   * The check of `service` routes, called by machines rather than people: throws unless the
   * request carries the service key of the environment the route's path names.
   */
  checkServiceKey(request: FastifyRequest, environment: Environment): Promise<void>;
}

/** Throws when the viewer may not use a route of this access. */
async function authorize(request: FastifyRequest, access: Exclude<Access, 'service'>): Promise<void> {
  if (access === 'public') return;
  const viewer = await request.viewer();
  if (!viewer) throw new FunctionError('unauthenticated', 'Please sign in first.');
  if (access !== 'signedIn' && !can(viewer.profile?.keys, access)) {
    throw new FunctionError('permission-denied', 'Your account is not allowed to do this.');
  }
}

/** The viewer of a route whose policy already required a signed-in account. */
export async function signedInViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw new FunctionError('unauthenticated', 'Please sign in first.');
  return viewer;
}

/**
 * The one authorization mechanism: every API route takes its policy from the contracts' table
 * when it is registered (a route missing there stops the start). Routes whose policy asks for
 * something get a hook that enforces it before any handler or body validation runs; public
 * routes get none, so they pay nothing for it.
 */
export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions): void {
  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let viewer = cache.get(this);
    if (!viewer) {
      viewer = options.resolveViewer(this);
      cache.set(this, viewer);
    }
    return viewer;
  });

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const policies = methods.map((method) => policyFor(method, route.url));
    const policy = policies[0];
    if (!policy || policies.some((other) => other !== policy)) {
      throw new Error(`${methods.join(',')} ${route.url} has no entry in API_POLICIES (packages/contracts/src/api.ts)`);
    }
    route.config = { ...route.config, policy };
    const { access } = policy;
    if (access === 'service') {
      appendRouteHook(route, 'onRequest', serviceHook(route.url, options.checkServiceKey));
      return;
    }
    if (access === 'public' && !policy.attestation) return;
    appendRouteHook(route, 'onRequest', async (request: FastifyRequest) => {
      await authorize(request, access);
      if (policy.attestation) await options.checkAttestation(request);
    });
  });
}

/**
 * The hook of a `service` route. Its keys are per environment, so its path names one (`:env`);
 * an environment that is none of the three is the caller's mistake (400), whatever key it sent.
 */
function serviceHook(url: string | undefined, checkServiceKey: AccessControlOptions['checkServiceKey']) {
  if (!url?.includes('/:env/'))
    throw new Error(`${url} has service access, so its path must name an environment (:env)`);
  return async (request: FastifyRequest) => {
    const named = (request.params as { env?: unknown }).env;
    const environment = environmentSchema.safeParse(named);
    if (!environment.success) throw new FunctionError('invalid-argument', invalidEnvironmentMessage(named));
    await checkServiceKey(request, environment.data);
  };
}
