import type { Capability } from './permissions';

/** Who may call a route: anyone, any signed-in account, or holders of a capability of the role table. */
export type Access = 'public' | 'signedIn' | Capability;

export interface RoutePolicy {
  access: Access;
  /** Product functions (spec §7) also need an attestation token where the environment enforces it. */
  attestation?: boolean;
}

const open: RoutePolicy = { access: 'public' };
const productFunction = (access: Access): RoutePolicy => ({ access, attestation: true });

/**
 * Every API route, keyed "METHOD /path" as the server registers it. The server refuses to start
 * with an /api route missing here, and a test calls each one as every role.
 */
export const API_POLICIES = {
  'GET /healthz': open,
  'GET /readyz': open,
  'GET /api/docs': open,
  'GET /api/auth/*': open,
  'POST /api/auth/*': open,
  'GET /api/auth/me': open,
  'GET /api/attestation/challenge': open,
  'POST /api/attestation/exchange': open,
  'POST /api/callable/signupForEmails': open,
  'POST /api/callable/signupCount': open,
  'GET /api/fn/check-email': productFunction('public'),
  'POST /api/fn/register': productFunction('signedIn'),
  'POST /api/fn/register-for-email-segment': productFunction('public'),
  'GET /api/account/credits': { access: 'signedIn' },
  'GET /api/admin/:env/access': { access: 'adminArea' },
  'GET /api/admin/:env/admin-log': { access: 'adminArea' },
  'GET /api/admin/:env/dashboard': { access: 'adminArea' },
  'POST /api/callable/development-admin-gatherRouterDashboardCallable': { access: 'adminArea' },
  'POST /api/callable/beta-admin-gatherRouterDashboardCallable': { access: 'adminArea' },
  'POST /api/callable/production-admin-gatherRouterDashboardCallable': { access: 'adminArea' },
  'GET /api/admin/:env/products': { access: 'adminArea' },
  'POST /api/admin/:env/products': { access: 'manageProducts' },
  'GET /api/admin/:env/products/:productID': { access: 'adminArea' },
  'PUT /api/admin/:env/products/:productID': { access: 'manageProducts' },
} as const satisfies Record<string, RoutePolicy>;

export type ApiRoute = keyof typeof API_POLICIES;

export function policyFor(method: string, url: string): RoutePolicy | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return (API_POLICIES as Record<string, RoutePolicy>)[key];
}
