import type { LogData } from '../admin-log-words';
import type { DomainContract } from '../domain-contract';
import type { Environment } from '../environments';
import { SEGMENTS_PATHS } from './paths';

/*
 * What segments brings to the shared tables (domain-contract.ts): its routes' policies, its live
 * topic, the admin log's sentences for its changes and its screens' paths. Registered by its line
 * in domain-contracts.ts.
 */

/** A segment was created, edited or deleted. */
export const SEGMENTS_TOPIC = 'segments';

/** The web app's cached queries of segments: one environment's list and each segment under it. */
export const SEGMENTS_QUERY_KEYS = {
  admin: (environment: Environment) => ['admin', environment, 'segments'] as const,
} as const;

export const SEGMENTS_ADMIN_ACTIONS = {
  create: 'segments.create',
  update: 'segments.update',
  delete: 'segments.delete',
} as const;

const segment = (data: LogData) =>
  typeof data.name === 'string' ? `the segment “${data.name}”` : `the segment ${String(data.segmentID ?? '')}`;

export const segmentsContract = {
  apiPolicies: {
    'GET /api/admin/:env/segments': { access: 'adminArea' },
    'GET /api/admin/:env/segments/:segmentID': { access: 'adminArea' },
    'GET /api/admin/:env/segments/:segmentID/members': { access: 'adminArea' },
    'POST /api/admin/:env/segments/size': { access: 'adminArea' },
    // Live-ops is run by staff and admins, as the shop and remote config are.
    'POST /api/admin/:env/segments': { access: 'manageShop' },
    'PUT /api/admin/:env/segments/:segmentID': { access: 'manageShop' },
    'DELETE /api/admin/:env/segments/:segmentID': { access: 'manageShop' },
  },
  liveTopics: {
    [SEGMENTS_TOPIC]: {
      access: 'adminArea',
      playerKeys: [],
      backOfficeKeys: (environment: Environment) => [SEGMENTS_QUERY_KEYS.admin(environment)],
    },
  },
  adminLogActions: {
    [SEGMENTS_ADMIN_ACTIONS.create]: {
      label: 'Created a segment',
      sentence: (data: LogData) => [`created ${segment(data)}`],
    },
    [SEGMENTS_ADMIN_ACTIONS.update]: {
      label: 'Edited a segment',
      sentence: (data: LogData) => [`edited ${segment(data)}`],
    },
    [SEGMENTS_ADMIN_ACTIONS.delete]: {
      label: 'Deleted a segment',
      sentence: (data: LogData) => [`deleted ${segment(data)}`],
    },
  },
  // Its own test makes each action above through its route and checks the entry.
  adminLogWalk: 'apps/server/src/segments/segments.test.ts',
  screenPaths: [SEGMENTS_PATHS.admin, SEGMENTS_PATHS.adminSegment],
} as const satisfies DomainContract;
