import type { LogData } from '../admin-log-words';
import { CALENDAR_QUERY_KEYS } from '../calendar/contract';
import type { DomainContract } from '../domain-contract';
import type { Environment } from '../environments';
import { REMOTE_CONFIG_PATHS } from './paths';

/*
 * What remote config brings to the shared tables (domain-contract.ts): its routes' policies, its live
 * topic, the admin log's sentences for its changes and its screen's path. Registered by its line in
 * domain-contracts.ts.
 */

/** A version was published: the game fetches again; the back office reloads its state. */
export const REMOTE_CONFIG_TOPIC = 'remote-config';

/** The callable the game's Firebase clients call for their values. */
export const REMOTE_CONFIG_CALLABLE = 'getremoteconfig';

export const REMOTE_CONFIG_QUERY_KEYS = {
  admin: (environment: Environment) => ['admin', environment, 'remote-config'] as const,
} as const;

export const REMOTE_CONFIG_ADMIN_ACTIONS = {
  saveDraft: 'remote-config.save-draft',
  publish: 'remote-config.publish',
  rollback: 'remote-config.rollback',
  schedule: 'remote-config.schedule',
  cancelSchedule: 'remote-config.cancel-schedule',
  reschedule: 'remote-config.reschedule',
} as const;

const names = (data: LogData, key: string) => {
  const list = data[key];
  return Array.isArray(list) ? list.map(String) : [];
};

/** "added welcome_text; changed daily_credits" from a diff's parameters, or null when none changed (the log's sentences, the calendar's entries). */
export function changedParameters(data: LogData): string | null {
  const parts = [
    ['added', names(data, 'added')],
    ['changed', names(data, 'changed')],
    ['removed', names(data, 'removed')],
  ] as const;
  const said = parts.filter(([, list]) => list.length > 0).map(([verb, list]) => `${verb} ${list.join(', ')}`);
  return said.length > 0 ? said.join('; ') : null;
}

const version = (data: LogData) => `remote config version ${String(data.version ?? '')}`;

export const remoteConfigContract = {
  apiPolicies: {
    'GET /api/remote-config': { access: 'public' },
    'GET /api/admin/:env/remote-config': { access: 'adminArea' },
    'GET /api/admin/:env/remote-config/versions': { access: 'adminArea' },
    'GET /api/admin/:env/remote-config/versions/:version': { access: 'adminArea' },
    // Live-ops is run by staff and admins, as the shop is.
    'PUT /api/admin/:env/remote-config/draft': { access: 'manageShop' },
    'POST /api/admin/:env/remote-config/publish': { access: 'manageShop' },
    'POST /api/admin/:env/remote-config/versions/:version/rollback': { access: 'manageShop' },
    'DELETE /api/admin/:env/remote-config/scheduled/:scheduleID': { access: 'manageShop' },
    'POST /api/admin/:env/remote-config/scheduled/:scheduleID/reschedule': { access: 'manageShop' },
    [`POST /api/callable/${REMOTE_CONFIG_CALLABLE}`]: { access: 'public' },
  },
  liveTopics: {
    [REMOTE_CONFIG_TOPIC]: {
      access: 'public',
      playerKeys: [],
      // A publish and a schedule are on the calendar too.
      backOfficeKeys: (environment: Environment) => [
        REMOTE_CONFIG_QUERY_KEYS.admin(environment),
        CALENDAR_QUERY_KEYS.admin(environment),
      ],
    },
  },
  adminLogActions: {
    [REMOTE_CONFIG_ADMIN_ACTIONS.saveDraft]: {
      label: 'Saved the remote config draft',
      sentence: (data: LogData) => {
        const changed = changedParameters(data);
        return [`saved the remote config draft${changed ? ` (${changed})` : ''}`];
      },
    },
    [REMOTE_CONFIG_ADMIN_ACTIONS.publish]: {
      label: 'Published remote config',
      sentence: (data: LogData) => {
        const changed = changedParameters(data);
        return [`published ${version(data)}${changed ? ` (${changed})` : ''}`];
      },
    },
    [REMOTE_CONFIG_ADMIN_ACTIONS.rollback]: {
      label: 'Rolled remote config back',
      sentence: (data: LogData) => [
        `rolled remote config back to version ${String(data.rollbackOf ?? '')}, published as ${version(data)}`,
      ],
    },
    [REMOTE_CONFIG_ADMIN_ACTIONS.schedule]: {
      label: 'Scheduled a remote config publish',
      sentence: (data: LogData) => [`scheduled a remote config publish for`, { time: String(data.publishAt ?? '') }],
    },
    [REMOTE_CONFIG_ADMIN_ACTIONS.cancelSchedule]: {
      label: 'Cancelled a scheduled remote config publish',
      sentence: (data: LogData) => [
        `cancelled the remote config publish scheduled for`,
        { time: String(data.publishAt ?? '') },
      ],
    },
    [REMOTE_CONFIG_ADMIN_ACTIONS.reschedule]: {
      label: 'Rescheduled a remote config publish',
      sentence: (data: LogData) => {
        const description = typeof data.description === 'string' && data.description !== '' ? data.description : null;
        return [
          `moved the remote config publish${description ? ` “${description}”` : ''} from `,
          { time: String(data.previousPublishAt ?? '') },
          ' to ',
          { time: String(data.publishAt ?? '') },
        ];
      },
    },
  },
  // Its own test makes each action above through its route and checks the entry.
  adminLogWalk: 'apps/server/src/remote-config/remote-config.test.ts',
  screenPaths: [REMOTE_CONFIG_PATHS.admin],
} as const satisfies DomainContract;
