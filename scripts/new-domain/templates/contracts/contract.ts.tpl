import type { LogData } from '../admin-log-words';
import type { DomainContract } from '../domain-contract';
import type { Environment } from '../environments';
import { __CONST___PATHS } from './paths';

/*
 * What __words__ brings to the shared tables (domain-contract.ts): its routes' policies, its live
 * topic, the admin log's sentences for its changes and its screens' paths. Registered by its line
 * in domain-contracts.ts.
 */

export const __CONST___TOPIC = '__kebab__';

/** The web app's cached queries of __words__: the players' page, and one environment's back-office list. */
export const __CONST___QUERY_KEYS = {
  screen: ['__kebab__'],
  admin: (environment: Environment) => ['admin', environment, '__kebab__'] as const,
} as const;

export const __CONST___ADMIN_ACTIONS = {
  create: '__kebab__.create',
  update: '__kebab__.update',
  delete: '__kebab__.delete',
} as const;

const entry = (data: LogData) =>
  typeof data.name === 'string' ? `__words__ entry “${data.name}”` : `__words__ entry ${String(data.entryID ?? '')}`;

export const __camel__Contract = {
  apiPolicies: {
    'GET /api/__kebab__': { access: 'public' },
    'GET /api/admin/:env/__kebab__': { access: 'adminArea' },
    // Staff and admins change it (a capability of permissions.ts; pick the one that fits).
    'POST /api/admin/:env/__kebab__': { access: 'manageShop' },
    'PUT /api/admin/:env/__kebab__/:entryID': { access: 'manageShop' },
    'DELETE /api/admin/:env/__kebab__/:entryID': { access: 'manageShop' },
  },
  liveTopics: {
    [__CONST___TOPIC]: {
      access: 'public',
      playerKeys: [__CONST___QUERY_KEYS.screen],
      backOfficeKeys: (environment: Environment) => [__CONST___QUERY_KEYS.admin(environment)],
    },
  },
  adminLogActions: {
    [__CONST___ADMIN_ACTIONS.create]: {
      label: 'Created a __words__ entry',
      sentence: (data: LogData) => [`created ${entry(data)}`],
    },
    [__CONST___ADMIN_ACTIONS.update]: {
      label: 'Edited a __words__ entry',
      sentence: (data: LogData) => [`edited ${entry(data)}`],
    },
    [__CONST___ADMIN_ACTIONS.delete]: {
      label: 'Deleted a __words__ entry',
      sentence: (data: LogData) => [`deleted ${entry(data)}`],
    },
  },
  // Its own test makes each action above through its route and checks the entry.
  adminLogWalk: 'apps/server/src/__kebab__/__kebab__.test.ts',
  screenPaths: [__CONST___PATHS.screen, __CONST___PATHS.admin],
} as const satisfies DomainContract;
