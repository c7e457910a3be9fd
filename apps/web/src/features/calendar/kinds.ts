import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import {
  CALENDAR_KIND_READS,
  CALENDAR_KINDS,
  type CalendarEntry,
  type CalendarKind,
} from '@outpost/contracts/calendar/schemas';
import type { Environment } from '@outpost/contracts/environments';
import { EXPERIMENTS_TOPIC } from '@outpost/contracts/experiments/contract';
import { EXPERIMENTS_PATHS } from '@outpost/contracts/experiments/paths';
import { isLiveTopic, LIVE_TOPICS, type LiveTopicName } from '@outpost/contracts/live-topics';
import type { AdminAccess, Capability } from '@outpost/contracts/permissions';
import { REMOTE_CONFIG_TOPIC } from '@outpost/contracts/remote-config/contract';
import { REMOTE_CONFIG_PATHS } from '@outpost/contracts/remote-config/paths';
import { formatInstant } from '../admin/components/local-time';
import { withStart } from './start-param';

/*
 * What the calendar knows of each kind beyond the contract's label: who sees it, where a new one is
 * made and who may, what cancelling one does (in the confirmation's words), and the topics whose
 * changes move the calendar.
 */

type Capabilities = AdminAccess['capabilities'];

/** The kinds made at a time from the calendar: their create screen and the capability it takes. */
export const CREATABLE: readonly { kind: CalendarKind; path: string; capability: Capability }[] = [
  { kind: 'machine-drop', path: ADMIN_ROUTES.adminShopDrops, capability: 'manageShop' },
  { kind: 'merch-drop', path: ADMIN_ROUTES.adminMerchDrops, capability: 'manageShop' },
  { kind: 'push', path: ADMIN_ROUTES.adminPush, capability: 'sendPush' },
  // The reward form, as a reward to everyone given at the time chosen.
  { kind: 'reward-run', path: ADMIN_ROUTES.adminRewards, capability: 'distributeRewards' },
  { kind: 'remote-config-publish', path: REMOTE_CONFIG_PATHS.admin, capability: 'manageShop' },
  { kind: 'experiment', path: EXPERIMENTS_PATHS.admin, capability: 'manageShop' },
  { kind: 'shop-opening', path: ADMIN_ROUTES.adminShopSettings, capability: 'manageShop' },
];

/** The create links a viewer may follow, each starting at `at`. */
export function createLinks(capabilities: Capabilities, at: Date) {
  return CREATABLE.filter(({ capability }) => capabilities[capability]).map(({ kind, path }) => ({
    kind,
    to: withStart(path, at),
  }));
}

/** The kinds whose things the viewer sees on the calendar, as the server reads them (CALENDAR_KIND_READS). */
export function shownKinds(capabilities: Capabilities): CalendarKind[] {
  return CALENDAR_KINDS.filter((kind) => capabilities[CALENDAR_KIND_READS[kind]]);
}

/**
 * The topic each kind's changes are heard on; each names the calendar's query key among its
 * back-office keys. Merch drops and the shop's opening have no topic of their own: their changes
 * reach it through the admin log's (live-topics.ts).
 */
const TOPIC_OF: Record<CalendarKind, string> = {
  'machine-drop': 'drops',
  'shop-opening': 'admin-log',
  'merch-drop': 'admin-log',
  push: 'push-messages',
  'reward-run': 'everyone-rewards',
  'remote-config-publish': REMOTE_CONFIG_TOPIC,
  experiment: EXPERIMENTS_TOPIC,
};

/**
 * The topics of the kinds this viewer sees, each once, those the viewer may follow: a stream asking
 * for one the viewer lacks is refused whole, and a topic not declared is left out.
 */
export function followedTopics(capabilities: Capabilities): LiveTopicName[] {
  const topics = new Set(shownKinds(capabilities).map((kind) => TOPIC_OF[kind]));
  return [...topics].filter(isLiveTopic).filter((name) => {
    const { access } = LIVE_TOPICS[name];
    return access === 'public' || (access !== 'owner' && capabilities[access]);
  });
}

/** A cancel's confirmation (a title, a sentence, the button's words), and what it did. */
export interface CancelWords {
  title: string;
  message: string;
  confirmLabel: string;
  done: string;
}

/** What cancelling an entry does, in its own screen's terms. */
export function cancelWords(entry: CalendarEntry, environment: Environment): CancelWords {
  const when = formatInstant(entry.startsAt);
  const words: Record<CalendarKind, CancelWords> = {
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
      message: `This cancels the reward to everyone “${entry.title}” due at ${when} in ${environment}: nobody gets it.`,
      confirmLabel: 'Cancel reward',
      done: `Cancelled the reward “${entry.title}”.`,
    },
    'remote-config-publish': {
      title: 'Cancel the scheduled publish?',
      message: `This cancels the publish of ${when} in ${environment}: players keep the version they have, and the draft stays as it is.`,
      confirmLabel: 'Cancel publish',
      done: 'Cancelled the scheduled publish.',
    },
    // The entry's title names it ("Experiment “Checkout test”"); the server puts it back to a draft (experiments/calendar.ts).
    experiment: {
      title: 'Put the experiment back to a draft?',
      message: `${entry.title} (due to start ${when} in ${environment}) goes back to a draft: it does not start, players keep what they get now, and its plan stays, to be scheduled again or deleted on its own screen.`,
      confirmLabel: 'Back to a draft',
      done: `${entry.title} is a draft again: it does not start.`,
    },
  };
  return words[entry.kind];
}
