import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { CalendarEntry, CalendarKind } from '@outpost/contracts/calendar/schemas';
import type { Environment } from '@outpost/contracts/environments';
import { EXPERIMENTS_TOPIC } from '@outpost/contracts/experiments/contract';
import { EXPERIMENTS_PATHS } from '@outpost/contracts/experiments/paths';
import { LIVE_TOPICS, type LiveTopicName } from '@outpost/contracts/live-topics';
import type { AdminAccess, Capability } from '@outpost/contracts/permissions';
import { REMOTE_CONFIG_TOPIC } from '@outpost/contracts/remote-config/contract';
import { REMOTE_CONFIG_PATHS } from '@outpost/contracts/remote-config/paths';
import { formatInstant } from '../admin/components/local-time';
import { withStart } from './start-param';

/*
 * What the calendar knows of each kind beyond the contract's label: where a new one is made and
 * who may, what cancelling one does (in the confirmation's words), and the topics whose changes
 * move the calendar.
 */

type Capabilities = AdminAccess['capabilities'];

/** The kinds made at a time from the calendar: their create screen and the capability it takes. */
export const CREATABLE: readonly { kind: CalendarKind; path: string; capability: Capability }[] = [
  { kind: 'machine-drop', path: ADMIN_ROUTES.adminShopDrops, capability: 'manageShop' },
  { kind: 'merch-drop', path: ADMIN_ROUTES.adminMerchDrops, capability: 'manageShop' },
  { kind: 'push', path: ADMIN_ROUTES.adminPush, capability: 'sendPush' },
  { kind: 'remote-config-publish', path: REMOTE_CONFIG_PATHS.admin, capability: 'manageShop' },
  { kind: 'experiment', path: EXPERIMENTS_PATHS.admin, capability: 'manageShop' },
  { kind: 'shop-opening', path: ADMIN_ROUTES.adminShopSettings, capability: 'manageShop' },
];

/** The create links a viewer may follow, each starting at `at` (a reward to everyone runs at once: none). */
export function createLinks(capabilities: Capabilities, at: Date) {
  return CREATABLE.filter(({ capability }) => capabilities[capability]).map(({ kind, path }) => ({
    kind,
    to: withStart(path, at),
  }));
}

/**
 * The topics of the things the calendar shows; each names the calendar's query key among its
 * back-office keys. Merch drops and the shop's opening have no topic of their own: their changes
 * reach it through the admin log's (live-topics.ts).
 */
const CALENDAR_TOPICS: readonly string[] = [
  'drops',
  'push-messages',
  'everyone-rewards',
  REMOTE_CONFIG_TOPIC,
  EXPERIMENTS_TOPIC,
  'admin-log',
];

/**
 * The calendar's topics this viewer may follow: a stream asking for one the viewer lacks is refused
 * whole (a moderator does not follow pushes), and a topic not declared is left out.
 */
export function followedTopics(capabilities: Capabilities): LiveTopicName[] {
  return CALENDAR_TOPICS.filter((name): name is LiveTopicName => Object.hasOwn(LIVE_TOPICS, name)).filter((name) => {
    const { access } = LIVE_TOPICS[name];
    return access === 'public' || (access !== 'owner' && capabilities[access]);
  });
}

/** What cancelling an entry does, for its confirmation (a title, a sentence, the button's words), and what it did. */
export function cancelWords(entry: CalendarEntry, environment: Environment) {
  const when = formatInstant(entry.startsAt);
  const words: Record<CalendarKind, { title: string; message: string; confirmLabel: string; done: string }> = {
    'machine-drop': {
      title: `Delete the drop “${entry.title}”?`,
      message: `This deletes the drop “${entry.title}” (opening ${when}) in ${environment}. A machine with no drop left spins whenever it is available.`,
      confirmLabel: 'Delete drop',
      done: `Deleted the drop “${entry.title}”.`,
    },
    'merch-drop': {
      title: `Delete the merch drop “${entry.title}”?`,
      message: `This deletes the merch drop “${entry.title}” (opening ${when}) in ${environment}. Its products go on sale whenever they are Active, and players waiting are not told.`,
      confirmLabel: 'Delete drop',
      done: `Deleted the merch drop “${entry.title}”.`,
    },
    'shop-opening': {
      title: 'Clear the shop’s opening date?',
      message: `This clears the opening date (${when}) of the shop of ${environment}: the shop is open to players at once.`,
      confirmLabel: 'Clear the date',
      done: 'Cleared the shop’s opening date: the shop is open.',
    },
    push: {
      title: `Cancel the push “${entry.title}”?`,
      message: `This cancels the push “${entry.title}” scheduled for ${when} in ${environment}: it is not sent.`,
      confirmLabel: 'Cancel push',
      done: `Cancelled the push “${entry.title}”.`,
    },
    'reward-run': {
      title: `Cancel the reward “${entry.title}”?`,
      message: `This cancels the reward to everyone “${entry.title}” in ${environment}: players not reached yet do not get it.`,
      confirmLabel: 'Cancel reward',
      done: `Cancelled the reward “${entry.title}”.`,
    },
    'remote-config-publish': {
      title: 'Cancel the scheduled publish?',
      message: `This cancels the publish of ${when} in ${environment}: players keep the version they have, and the draft stays as it is.`,
      confirmLabel: 'Cancel publish',
      done: 'Cancelled the scheduled publish.',
    },
    experiment: {
      title: `Cancel the experiment “${entry.title}”?`,
      message: `This cancels the experiment “${entry.title}” due ${when} in ${environment}: it does not start, and players keep what they get now.`,
      confirmLabel: 'Cancel experiment',
      done: `Cancelled the experiment “${entry.title}”.`,
    },
  };
  return words[entry.kind];
}
