import { type EntryDetails, entryDetails, type LogData, moneyWords } from './admin-log-words';
import {
  ADMIN_ROUTES,
  adminClaimCodeBatchPath,
  adminItemPath,
  adminMerchOrderPath,
  adminProductPath,
  adminPurchasablePath,
  adminReportPath,
  adminShopMachinePath,
  adminShopPackPath,
} from './admin-routes';
import { broughtLines } from './domain-contract';
import { keyInWords, keyWords } from './key-words';
import { ROUTES } from './routes';

/*
 * The admin log's catalogue: every action the server writes, with a label for the action filter's choice list
 * and a sentence naming the record it changed. One place, here in the contracts, so the screen's sentences,
 * its filter and the test that every action the server writes has a sentence all read the same list.
 */

/**
 * A piece of a sentence: words; a person by user id (the screen names them and links their page); a record by
 * its name, linking to its page (or to its list where it has no page of its own); or an instant, which the
 * screen writes with its date and time in the back office's one date format.
 */
export type SentencePart = string | { person: string } | { record: string; href: string } | { time: string };

export interface AdminLogAction {
  /** The action in the filter's choice list: "Shipped a merch order". */
  label: string;
  /** The sentence after the one who acted: "shipped the merch order of @Scout with tracking RM123". */
  sentence: (data: LogData) => SentencePart[];
  /**
   * Who acted, where it is not the entry's admin: a player who deleted their own account is gone, and
   * its entry is theirs ("A player deleted their own account"), not a deleted account's.
   */
  actor?: (data: LogData) => string | undefined;
  /** The data as entryDetails reads it, where the writer recorded a change another way (an order's `from`). */
  details?: (data: LogData) => LogData;
}

function text(data: LogData, key: string): string | undefined {
  const value = data[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function count(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'number' ? value : 0;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** A record linking to `href`: "credit pack “Starter”" by its name when the data carries one, else its kind. */
function record(kind: string, name: string | undefined, href: string): SentencePart {
  return { record: name ? `${kind} “${name}”` : kind, href };
}

/**
 * A record of a kind with a page of its own, found by the id under `idKey` (its list when the id is
 * missing), by its name, or by that id where the data has no name: these ids are the ones staff chose
 * ("product dev-hoodie").
 */
function recordWithPage(
  kind: string,
  nameKey: string,
  idKey: string,
  pathOf: (id: string) => string,
  list: string,
): (data: LogData) => SentencePart[] {
  return (data) => {
    const id = text(data, idKey);
    const name = text(data, nameKey);
    if (!name && id) return [{ record: `${kind} ${id}`, href: pathOf(id) }];
    return [record(kind, name, id ? pathOf(id) : list)];
  };
}

/** A record of a kind whose page is its list (drops, objectives, keys): named, linking to the list. */
function recordInList(kind: string, nameKey: string, list: string): (data: LogData) => SentencePart[] {
  return (data) => [record(kind, text(data, nameKey), list)];
}

function person(data: LogData, key = 'userID'): SentencePart {
  const id = text(data, key);
  return id ? { person: id } : 'a player';
}

function changeOf(data: LogData, field: string): string | undefined {
  const changes = data.changes;
  if (typeof changes !== 'object' || changes === null) return undefined;
  const pair = (changes as Record<string, unknown>)[field];
  if (typeof pair !== 'object' || pair === null) return undefined;
  const to = (pair as Record<string, unknown>).to;
  return typeof to === 'string' ? to : undefined;
}

const money = (cents: unknown) => (typeof cents === 'number' ? moneyWords(cents) : 'an amount');

/** A simple sentence: a verb and the record, nothing else to say. */
function says(label: string, verb: string, name: (data: LogData) => SentencePart[]): AdminLogAction {
  return { label, sentence: (data) => [`${verb} `, ...name(data)] };
}

const pack = recordWithPage('credit pack', 'name', 'packID', adminShopPackPath, ADMIN_ROUTES.adminShopPacks);
const machine = recordWithPage('machine', 'name', 'machineID', adminShopMachinePath, ADMIN_ROUTES.adminShopMachines);
const drop = recordInList('drop', 'name', ADMIN_ROUTES.adminShopDrops);
const merchDrop = recordInList('merch drop', 'name', ADMIN_ROUTES.adminMerchDrops);
const objective = recordInList('testing objective', 'title', ADMIN_ROUTES.adminBetaObjectives);
const referralReward = recordInList('referral reward', 'name', ADMIN_ROUTES.adminReferralRewards);
const video = recordInList('theater video', 'title', ROUTES.storyAdmin);
const collection = recordInList('theater collection', 'title', ROUTES.storyAdmin);
const item = recordWithPage('item', 'name', 'itemID', adminItemPath, ADMIN_ROUTES.adminItems);
const product = recordWithPage('product', 'name', 'productID', adminProductPath, ADMIN_ROUTES.adminProducts);
const purchasable = recordWithPage(
  'purchasable',
  'name',
  'purchasableID',
  adminPurchasablePath,
  ADMIN_ROUTES.adminPurchasables,
);
const ingestKey = recordInList('game server key', 'name', ADMIN_ROUTES.adminIngestKeys);
const pushMessage = recordInList('push notification', 'title', ADMIN_ROUTES.adminPush);
const codeBatch = recordWithPage(
  'claim code batch',
  'batchName',
  'claimCodeID',
  adminClaimCodeBatchPath,
  ADMIN_ROUTES.adminClaimCodes,
);

/** A code staff chose (a partner invite's, a beta invite's), shown whole: it is how they know it. */
function coded(kind: string, idKey: string, list: string): (data: LogData) => SentencePart[] {
  return (data) => {
    const code = text(data, idKey);
    return [{ record: code ? `${kind} ${code}` : kind, href: list }];
  };
}
const partnerInvite = coded('partner invite', 'inviteID', ADMIN_ROUTES.adminPartnerInvites);
const betaInvite = coded('beta invite', 'inviteID', ADMIN_ROUTES.adminBetaInvites);

/** The settings screen of each configuration document (config.update's `configID`). */
const CONFIGURATION_PAGES: Readonly<Record<string, { name: string; href: string }>> = {
  merch: { name: 'the merch settings', href: ADMIN_ROUTES.adminMerchSettings },
  'container-spin': { name: 'the shop settings', href: ADMIN_ROUTES.adminShopSettings },
};

function configuration(data: LogData): SentencePart[] {
  const id = text(data, 'configID');
  const page = id ? CONFIGURATION_PAGES[id] : undefined;
  if (page) return [{ record: page.name, href: page.href }];
  return [{ record: id ? `the configuration “${id}”` : 'a configuration', href: ROUTES.adminConfiguration }];
}

/** The merch order by its number when the data has it, linking to its page, and its buyer: "merch order #1047 of @Scout". */
function order(data: LogData): SentencePart[] {
  const id = text(data, 'orderID');
  const number = text(data, 'orderNumber');
  const link: SentencePart = {
    record: number ? `merch order #${number}` : 'the merch order',
    href: id ? adminMerchOrderPath(id) : ADMIN_ROUTES.adminMerchOrders,
  };
  return text(data, 'userID') ? [link, ' of ', person(data)] : [link];
}

/** A report by its number, linking to its page, with what it was about: "report #12 (cheating: crate_raider)". */
function report(data: LogData): SentencePart[] {
  const id = text(data, 'reportID');
  const number = text(data, 'reportNumber');
  const about = [text(data, 'category'), text(data, 'target')].filter(Boolean).join(': ');
  return [
    { record: number ? `report #${number}` : 'a report', href: id ? adminReportPath(id) : ADMIN_ROUTES.adminReports },
    ...(about ? [` (${about})`] : []),
  ];
}

function episode(data: LogData): SentencePart[] {
  const season = text(data, 'season');
  const number = text(data, 'episode');
  const title = text(data, 'title') ?? changeOf(data, 'title');
  const place = season && number ? ` S${season}E${number}` : '';
  return [{ record: `episode${place}${title ? ` “${title}”` : ''}`, href: ROUTES.storyAdmin }];
}

/** An order's fulfilment as before → after: its writer records the status it left (`from`). */
function fulfilment(status: string) {
  return (data: LogData): LogData => {
    const { from, ...rest } = data;
    return { ...rest, changes: { status: { from, to: status } } };
  };
}

function reviewed(data: LogData): string {
  const n = count(data.feedbackIDs);
  return `marked ${plural(n, 'feedback entry', 'feedback entries')} ${data.reviewed === false ? 'not reviewed' : 'reviewed'}`;
}

/** What a reward gives each player, in words: "250 credits and 1 item". */
function gifts(data: LogData): string {
  const credits = typeof data.credits === 'number' ? data.credits : 0;
  const items = count(data.items);
  const given = [credits > 0 ? plural(credits, 'credit') : '', items > 0 ? plural(items, 'item') : '']
    .filter(Boolean)
    .join(' and ');
  return given || 'a reward';
}

const reasonWords = (data: LogData) => {
  const reason = text(data, 'reason');
  return reason ? `: “${reason}”` : '';
};

function reward(data: LogData): SentencePart[] {
  const players = Array.isArray(data.userIDs) ? data.userIDs.length : count(data.players);
  const audience = text(data, 'audience');
  const segment = text(data, 'segmentName') ?? text(data, 'segmentID');
  const whom = segment
    ? `${plural(players, 'player')} of the segment “${segment}”`
    : audience && !Array.isArray(data.userIDs)
      ? `every player (${audience})`
      : plural(players, 'player');
  return [`gave ${gifts(data)} to ${whom}${reasonWords(data)}`];
}

/** A scheduled reward to everyone, by its reason, linking to the reward screen that lists it. */
const scheduledReward = (data: LogData): SentencePart =>
  record('reward to everyone', text(data, 'reason'), ADMIN_ROUTES.adminRewards);

function claimCodes(data: LogData): SentencePart[] {
  const custom = text(data, 'customCodeName');
  const link = (name: string): SentencePart => {
    const id = text(data, 'claimCodeID');
    return { record: name, href: id ? adminClaimCodeBatchPath(id) : ADMIN_ROUTES.adminClaimCodes };
  };
  if (custom) return ['created ', link(`claim code ${custom}`)];
  const batch = text(data, 'batchName');
  const n = count(data.batchQuantity);
  return [`created ${plural(n, 'claim code')}`, ...(batch ? [' in ', link(`batch “${batch}”`)] : [])];
}

const PUSH_AUDIENCES: Readonly<Record<string, string>> = {
  everyone: 'every player',
  active: 'the active players',
  users: 'chosen players',
};

function pushSent(data: LogData): SentencePart[] {
  const audience = text(data, 'recipientCategory');
  const sendDate = text(data, 'sendDate');
  const scheduled = text(data, 'sendSchedule') === 'scheduled';
  const segment = text(data, 'segmentName') ?? text(data, 'segmentID');
  const whom =
    audience === 'segment' && segment
      ? `the segment “${segment}”`
      : audience
        ? (PUSH_AUDIENCES[audience] ?? keyWords(audience))
        : undefined;
  return [
    scheduled ? 'scheduled ' : 'sent ',
    ...pushMessage(data),
    ...(whom ? [` to ${whom}`] : []),
    ...(scheduled && sendDate ? [' for ', { time: sendDate }] : []),
  ];
}

function keysChanged(data: LogData): SentencePart[] {
  const keys = Array.isArray(data.keys) ? data.keys.filter((key) => typeof key === 'string') : [];
  return ['changed the keys of ', person(data), ` to ${keys.length > 0 ? keys.join(', ') : 'none'}`];
}

function suspended(data: LogData): SentencePart[] {
  const ends = text(data, 'endsAt');
  const reason = text(data, 'reason');
  return [
    'suspended ',
    person(data),
    ...(ends ? [' until ', { time: ends }] : [' until lifted']),
    ...(reason ? [`: “${reason}”`] : []),
  ];
}

/** Who deleted an account: its own player (the account, and so its name, is gone), the operator, or an admin. */
function deleted(data: LogData): SentencePart[] {
  return [data.requestedBy === 'player' ? 'deleted their own account' : 'deleted a player’s account'];
}

/** A change support made on the player page: what, to or from whom, and the reason the player reads. */
function supportChange(verb: string, what: (data: LogData) => string, preposition: string) {
  return (data: LogData): SentencePart[] => {
    const reason = text(data, 'reason');
    return [`${verb} ${what(data)} ${preposition} `, person(data), ...(reason ? [`: “${reason}”`] : [])];
  };
}

const credits = (data: LogData) => plural(typeof data.amount === 'number' ? data.amount : 0, 'credit');
const items = (data: LogData) => plural(count(data.itemIDs), 'item');
const takenItem = recordWithPage('item', 'item', 'itemID', adminItemPath, ADMIN_ROUTES.adminItems);

/** "took back 2 of the item “Gold crate” from @Scout_Mara: “Granted twice”" */
function itemsTakenBack(data: LogData): SentencePart[] {
  const reason = text(data, 'reason');
  return [
    `took back ${count(data.quantity).toLocaleString('en-US')} of the `,
    ...takenItem(data),
    ' from ',
    person(data),
    ...(reason ? [`: “${reason}”`] : []),
  ];
}

/** The actions of the platform and of the domains whose contracts are this folder's files. */
const OWN_ACTIONS: Readonly<Record<string, AdminLogAction>> = {
  // Shop
  'creditPack.create': says('Created a credit pack', 'created', pack),
  'creditPack.update': says('Edited a credit pack', 'edited', pack),
  'machine.create': says('Created a machine', 'created', machine),
  'machine.update': says('Edited a machine', 'edited', machine),
  'drop.create': says('Created a drop', 'created', drop),
  'drop.update': says('Edited a drop', 'edited', drop),
  'drop.delete': says('Deleted a drop', 'deleted', drop),
  'config.update': says('Changed a configuration', 'changed', configuration),
  // Merch
  'merchOrder.pack': {
    label: 'Packed a merch order',
    sentence: (d) => ['packed ', ...order(d)],
    details: fulfilment('packed'),
  },
  'merchOrder.ship': {
    label: 'Shipped a merch order',
    sentence: (d) => {
      const tracking = text(d, 'trackingReference');
      return ['shipped ', ...order(d), ...(tracking ? [` with tracking ${tracking}`] : [])];
    },
    details: fulfilment('shipped'),
  },
  'merchOrder.refund': {
    label: 'Refunded a merch order',
    sentence: (d) => [`refunded ${money(d.amountCents)} of `, ...order(d)],
  },
  'merchOrder.refundRefused': {
    label: 'Undid a refund the provider refused',
    sentence: (d) => ['undid the refund of ', ...order(d), ', which the payment provider refused'],
  },
  'merchDrop.create': says('Created a merch drop', 'created', merchDrop),
  'merchDrop.update': says('Edited a merch drop', 'edited', merchDrop),
  'merchDrop.delete': says('Deleted a merch drop', 'deleted', merchDrop),
  // Theater
  'episode.create': says('Created an episode', 'created', episode),
  'episode.update': says('Edited an episode', 'edited', episode),
  'episode.delete': says('Deleted an episode', 'deleted', episode),
  'episode.banner': says('Replaced an episode’s banner', 'replaced the banner of', episode),
  'theaterVideo.create': says('Created a theater video', 'created', video),
  'theaterVideo.update': says('Edited a theater video', 'edited', (d) =>
    video({ ...d, title: changeOf(d, 'title') ?? d.title }),
  ),
  'theaterVideo.delete': says('Deleted a theater video', 'deleted', video),
  'theaterVideo.thumbnail': says('Replaced a video’s thumbnail', 'replaced the thumbnail of', video),
  'theaterCollection.create': says('Created a theater collection', 'created', collection),
  'theaterCollection.update': says('Edited a theater collection', 'edited', (d) =>
    collection({ ...d, title: changeOf(d, 'title') ?? d.title }),
  ),
  'theaterCollection.delete': says('Deleted a theater collection', 'deleted', collection),
  // Beta
  'invite.create': {
    label: 'Created a beta invite',
    sentence: (d) => [
      'created ',
      ...betaInvite(d),
      ...(typeof d.validDays === 'number' ? [`, valid for ${plural(d.validDays, 'day')}`] : []),
    ],
  },
  'betaRequest.accept': {
    label: 'Accepted a beta request',
    sentence: (d) => ['accepted the beta request of ', person(d)],
  },
  'testingObjective.create': says('Created a testing objective', 'created', objective),
  'testingObjective.update': says('Edited a testing objective', 'edited', objective),
  'betaConfig.update': {
    label: 'Changed the beta settings',
    sentence: () => ['changed ', { record: 'the beta settings', href: ADMIN_ROUTES.adminBetaSettings }],
  },
  'feedback.review': { label: 'Reviewed feedback', sentence: (d) => [reviewed(d)] },
  // Partners
  'partnerInvite.create': says('Created a partner invite', 'created', partnerInvite),
  'partnerInvite.update': says('Edited a partner invite', 'edited', partnerInvite),
  'partnerInvite.delete': says('Deleted a partner invite', 'deleted', partnerInvite),
  'partnerInvite.delivered': {
    label: 'Marked partner invites delivered',
    sentence: (d) => [
      `marked ${plural(count(d.inviteIDs), 'partner invite')} ${d.delivered === false ? 'not delivered' : 'delivered'}`,
    ],
  },
  'partnerInvite.deleteUndelivered': {
    label: 'Deleted undelivered partner invites',
    sentence: (d) => [`deleted ${plural(count(d.inviteIDs), 'undelivered partner invite')}`],
  },
  'referralReward.create': says('Created a referral reward', 'created', referralReward),
  'referralReward.update': says('Edited a referral reward', 'edited', referralReward),
  'partnersConfig.update': {
    label: 'Changed the partner programme settings',
    sentence: () => ['changed ', { record: 'the partner programme settings', href: ADMIN_ROUTES.adminPartnerSettings }],
  },
  // Rewards
  'reward.distribute': { label: 'Gave a reward', sentence: reward },
  'reward.schedule': {
    label: 'Scheduled a reward to everyone',
    sentence: (d) => [`scheduled ${gifts(d)} for every player at `, { time: text(d, 'sendAt') ?? '' }, reasonWords(d)],
  },
  'reward.reschedule': {
    label: 'Rescheduled a reward to everyone',
    sentence: (d) => [
      'moved ',
      scheduledReward(d),
      ' from ',
      { time: text(d, 'previousSendAt') ?? '' },
      ' to ',
      { time: text(d, 'sendAt') ?? '' },
    ],
  },
  'reward.cancel': {
    label: 'Cancelled a reward to everyone',
    sentence: (d) => ['cancelled ', scheduledReward(d), ' due at ', { time: text(d, 'sendAt') ?? '' }],
  },
  // Moderation
  'report.resolve': says('Resolved a report', 'resolved', report),
  // Accounts
  'user.keys': { label: 'Changed a user’s keys', sentence: keysChanged },
  'user.suspend': { label: 'Suspended a player', sentence: suspended },
  'user.unsuspend': { label: 'Lifted a suspension', sentence: (d) => ['lifted the suspension of ', person(d)] },
  'credits.grant': { label: 'Gave a player credits', sentence: supportChange('gave', credits, 'to') },
  'credits.takeBack': { label: 'Took back a player’s credits', sentence: supportChange('took back', credits, 'from') },
  'items.grant': { label: 'Gave a player items', sentence: supportChange('gave', items, 'to') },
  'items.takeBack': { label: 'Took back a player’s items', sentence: itemsTakenBack },
  'user.sessionsEnd': {
    label: 'Ended a player’s sessions',
    sentence: (d) => [d.sessionID ? 'ended a session of ' : 'ended every session of ', person(d)],
  },
  'account.delete': {
    label: 'Deleted an account',
    sentence: deleted,
    actor: (d) => (d.requestedBy === 'player' ? 'A player' : undefined),
  },
  'account.export': {
    label: 'Exported an account’s data',
    sentence: (d) =>
      d.requestedBy === 'player' ? ['downloaded their own data'] : ['exported the data of ', person(d)],
  },
  // Push
  'push.sendbatch': { label: 'Sent a push notification', sentence: pushSent },
  'push.sendtestnotification': {
    label: 'Sent a test notification',
    sentence: (d) => ['sent a test notification to ', person(d), ` (${plural(count(d.devices), 'device')})`],
  },
  'push.cancel': says('Cancelled a push notification', 'cancelled', pushMessage),
  'push.reschedule': {
    label: 'Rescheduled a push notification',
    sentence: (d) => ['rescheduled ', ...pushMessage(d), ' for ', { time: text(d, 'sendDate') ?? '' }],
  },
  // Game data
  'ingestKey.create': says('Created a game server key', 'created', ingestKey),
  'ingestKey.revoke': says('Revoked a game server key', 'revoked', ingestKey),
  // Claim codes
  createRedemptionCodes: { label: 'Created claim codes', sentence: claimCodes },
  deleteCodeBatch: says('Deleted a claim code batch', 'deleted', codeBatch),
  // Products
  'product.create': says('Created a product', 'created', product),
  'product.update': says('Edited a product', 'edited', product),
  // Items
  'item.create': says('Created an item', 'created', item),
  'item.rename': {
    label: 'Renamed an item',
    sentence: (d) => [
      'renamed ',
      ...item({ itemID: d.itemID, name: d.previousName }),
      ...(text(d, 'name') ? [` to “${text(d, 'name')}”`] : []),
    ],
  },
  'item.delete': says('Deleted an item', 'deleted', item),
  'purchasables.merge': {
    label: 'Updated purchasables',
    sentence: (d) => [`updated ${plural(count(d.purchasables), 'purchasable')}`],
  },
  'purchasable.delete': says('Deleted a purchasable', 'deleted', purchasable),
};

/** Every action the server writes, by its stored key: those above and those the domains with contracts of their own bring (domain-contract.ts). */
export const ADMIN_LOG_ACTIONS: Readonly<Record<string, AdminLogAction>> = {
  ...OWN_ACTIONS,
  ...broughtLines('adminLogActions'),
};

/** The full stop a sentence ends with, unless its last words end in a shortened id's "…". */
export function fullStopAfter(parts: readonly SentencePart[]): string {
  const last = parts.at(-1);
  return typeof last === 'string' && /[….]$/.test(last) ? '' : '.';
}

/** The first field that names a record in an unknown action's data (an old row's): "productID" → "product dev-hoodie". */
function unknownRecord(data: LogData): string | undefined {
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string' || !/I[Dd]$/.test(key) || key.length <= 2) continue;
    return `${keyWords(key.slice(0, -2))} ${value}`;
  }
  return undefined;
}

/** The action of `key`; one the catalogue does not know (an old row) reads from its key. */
export function adminLogAction(key: string): AdminLogAction {
  const known = ADMIN_LOG_ACTIONS[key];
  if (known) return known;
  const label = keyInWords(key);
  return {
    label,
    sentence: (data) => {
      const target = unknownRecord(data);
      return [`made the change “${keyWords(key)}”${target ? ` to ${target}` : ''}`];
    },
  };
}

/** The entry's expanded row: what it changed (before → after) and its other fields, in words. */
export function adminLogDetails(key: string, data: LogData): EntryDetails {
  const reshape = adminLogAction(key).details;
  return entryDetails(reshape ? reshape(data) : data);
}

/** The action filter's choices: every known action by its label, alphabetically. */
export const ADMIN_LOG_ACTION_CHOICES: readonly { value: string; label: string }[] = Object.entries(ADMIN_LOG_ACTIONS)
  .map(([value, action]) => ({ value, label: action.label }))
  .sort((a, b) => a.label.localeCompare(b.label));
