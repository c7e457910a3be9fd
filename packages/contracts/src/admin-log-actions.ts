import { type EntryDetails, entryDetails, type LogData, shortID } from './admin-log-words';
import { broughtLines } from './domain-contract';
import { keyInWords, keyWords } from './key-words';

/*
 * The admin log's catalogue: every action the server writes, with a label for the action filter's choice list
 * and a sentence naming the record it changed. One place, here in the contracts, so the screen's sentences,
 * its filter and the test that every action the server writes has a sentence all read the same list.
 */

/** A piece of a sentence: words, or a person by user id (the screen links them to their page). */
export type SentencePart = string | { person: string };

export interface AdminLogAction {
  /** The action in the filter's choice list: "Shipped a merch order". */
  label: string;
  /** The sentence after the admin's name: "shipped merch order 5047ab12… with tracking RM123". */
  sentence: (data: LogData) => SentencePart[];
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

/** A record by its name when the data carries one ("credit pack “Starter”"), else by its shortened id. */
function record(kind: string, data: LogData, nameKey: string, idKey: string): string {
  const name = text(data, nameKey);
  if (name) return `${kind} “${name}”`;
  const id = text(data, idKey);
  return id ? `${kind} ${shortID(id)}` : kind;
}

/** A record named by its id or code, shown whole when short: "claim code WELCOME", "merch order 5047ab12…". */
function coded(kind: string, data: LogData, idKey: string): string {
  const id = text(data, idKey);
  return id ? `${kind} ${shortID(id)}` : kind;
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

const usd = (cents: unknown) => (typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : 'an amount');

/** A simple sentence: a verb and the record, nothing else to say. */
function says(label: string, verb: string, name: (data: LogData) => string): AdminLogAction {
  return { label, sentence: (data) => [`${verb} ${name(data)}`] };
}

const pack = (data: LogData) => record('credit pack', data, 'name', 'packID');
const machine = (data: LogData) => record('machine', data, 'name', 'machineID');
const drop = (data: LogData) => record('drop', data, 'name', 'dropID');
const merchDrop = (data: LogData) => record('merch drop', data, 'name', 'dropID');
const order = (data: LogData) => coded('merch order', data, 'orderID');
const objective = (data: LogData) => record('testing objective', data, 'title', 'objectiveID');
const partnerInvite = (data: LogData) => coded('partner invite', data, 'inviteID');
const referralReward = (data: LogData) => record('referral reward', data, 'name', 'rewardID');
const video = (data: LogData) => record('theater video', data, 'title', 'videoID');
const collection = (data: LogData) => record('theater collection', data, 'title', 'collectionID');
const item = (data: LogData) => record('item', data, 'name', 'itemID');
const product = (data: LogData) => record('product', data, 'name', 'productID');
const ingestKey = (data: LogData) => record('ingest key', data, 'name', 'keyID');
const pushMessage = (data: LogData) => record('push notification', data, 'title', 'messageID');
const configuration = (data: LogData) => {
  const id = text(data, 'configID');
  return id ? `the configuration “${id}”` : 'a configuration';
};

function episode(data: LogData): string {
  const season = text(data, 'season');
  const number = text(data, 'episode');
  const title = text(data, 'title') ?? changeOf(data, 'title');
  const place = season && number ? `S${season}E${number}` : shortID(text(data, 'episodeID') ?? '');
  return title ? `episode ${place} “${title}”` : `episode ${place}`;
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

function reward(data: LogData): SentencePart[] {
  const credits = typeof data.credits === 'number' ? data.credits : 0;
  const items = count(data.items);
  const gifts = [credits > 0 ? plural(credits, 'credit') : '', items > 0 ? plural(items, 'item') : '']
    .filter(Boolean)
    .join(' and ');
  const players = Array.isArray(data.userIDs) ? data.userIDs.length : count(data.players);
  const audience = text(data, 'audience');
  const whom = audience && !Array.isArray(data.userIDs) ? `every player (${audience})` : plural(players, 'player');
  const reason = text(data, 'reason');
  return [`gave ${gifts || 'a reward'} to ${whom}${reason ? `: “${reason}”` : ''}`];
}

function claimCodes(data: LogData): SentencePart[] {
  const custom = text(data, 'customCodeName');
  if (custom) return [`created claim code ${custom}`];
  const batch = text(data, 'batchName');
  const n = count(data.batchQuantity);
  return [`created ${plural(n, 'claim code')}${batch ? ` in batch “${batch}”` : ''}`];
}

const PUSH_AUDIENCES: Readonly<Record<string, string>> = {
  everyone: 'every player',
  active: 'the active players',
  users: 'chosen players',
};

function pushSent(data: LogData): SentencePart[] {
  const audience = text(data, 'recipientCategory');
  const scheduled = text(data, 'sendSchedule');
  const verb = scheduled && scheduled !== 'now' ? 'scheduled' : 'sent';
  const whom = audience ? (PUSH_AUDIENCES[audience] ?? keyWords(audience)) : undefined;
  return [`${verb} ${pushMessage(data)}${whom ? ` to ${whom}` : ''}`];
}

function keysChanged(data: LogData): SentencePart[] {
  const keys = Array.isArray(data.keys) ? data.keys.filter((key) => typeof key === 'string') : [];
  return ['changed the keys of ', person(data), ` to ${keys.length > 0 ? keys.join(', ') : 'none'}`];
}

function suspended(data: LogData): SentencePart[] {
  const ends = text(data, 'endsAt');
  return ['suspended ', person(data), ends ? ` until ${ends.slice(0, 10)}` : ' until lifted'];
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
    sentence: (d) => [`packed ${order(d)}`],
    details: fulfilment('packed'),
  },
  'merchOrder.ship': {
    label: 'Shipped a merch order',
    sentence: (d) => {
      const tracking = text(d, 'trackingReference');
      return [`shipped ${order(d)}${tracking ? ` with tracking ${shortID(tracking)}` : ''}`];
    },
    details: fulfilment('shipped'),
  },
  'merchOrder.refund': {
    label: 'Refunded a merch order',
    sentence: (d) => [`refunded ${usd(d.amountCents)} of ${order(d)}`],
  },
  'merchOrder.refundRefused': {
    label: 'Undid a refund the provider refused',
    sentence: (d) => [`undid the refund of ${order(d)}, which the payment provider refused`],
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
  'theaterVideo.update': says('Edited a theater video', 'edited', (d) => video({ ...d, title: changeOf(d, 'title') })),
  'theaterVideo.delete': says('Deleted a theater video', 'deleted', video),
  'theaterVideo.thumbnail': says('Replaced a video’s thumbnail', 'replaced the thumbnail of', video),
  'theaterCollection.create': says('Created a theater collection', 'created', collection),
  'theaterCollection.update': says('Edited a theater collection', 'edited', (d) =>
    collection({ ...d, title: changeOf(d, 'title') }),
  ),
  'theaterCollection.delete': says('Deleted a theater collection', 'deleted', collection),
  // Beta
  'invite.create': {
    label: 'Created a beta invite',
    sentence: (d) => [
      `created ${coded('beta invite', d, 'inviteID')}${typeof d.validDays === 'number' ? `, valid for ${plural(d.validDays, 'day')}` : ''}`,
    ],
  },
  'betaRequest.accept': {
    label: 'Accepted a beta request',
    sentence: (d) => ['accepted the beta request of ', person(d)],
  },
  'testingObjective.create': says('Created a testing objective', 'created', objective),
  'testingObjective.update': says('Edited a testing objective', 'edited', objective),
  'betaConfig.update': { label: 'Changed the beta settings', sentence: () => ['changed the beta settings'] },
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
    sentence: () => ['changed the partner programme settings'],
  },
  // Rewards
  'reward.distribute': { label: 'Gave a reward', sentence: reward },
  // Moderation
  'report.resolve': says('Resolved a report', 'resolved', (d) => coded('report', d, 'reportID')),
  // Accounts
  'user.keys': { label: 'Changed a user’s keys', sentence: keysChanged },
  'user.suspend': { label: 'Suspended a player', sentence: suspended },
  'user.unsuspend': { label: 'Lifted a suspension', sentence: (d) => ['lifted the suspension of ', person(d)] },
  'account.delete': { label: 'Deleted an account', sentence: () => ['deleted an account'] },
  'account.export': { label: 'Exported an account’s data', sentence: (d) => ['exported the data of ', person(d)] },
  // Push
  'push.sendbatch': { label: 'Sent a push notification', sentence: pushSent },
  'push.sendtestnotification': {
    label: 'Sent a test notification',
    sentence: (d) => ['sent a test notification to ', person(d), ` (${plural(count(d.devices), 'device')})`],
  },
  'push.cancel': says('Cancelled a push notification', 'cancelled', pushMessage),
  // Game data
  'ingestKey.create': says('Created an ingest key', 'created', ingestKey),
  'ingestKey.revoke': says('Revoked an ingest key', 'revoked', ingestKey),
  // Claim codes
  createRedemptionCodes: { label: 'Created claim codes', sentence: claimCodes },
  deleteCodeBatch: says('Deleted a claim code batch', 'deleted', (d) =>
    record('claim code batch', d, 'batchName', 'claimCodeID'),
  ),
  // Products
  'product.create': says('Created a product', 'created', product),
  'product.update': says('Edited a product', 'edited', product),
  // Items
  'item.create': says('Created an item', 'created', item),
  'item.rename': {
    label: 'Renamed an item',
    sentence: (d) => [`renamed ${coded('item', d, 'itemID')} to “${text(d, 'name') ?? ''}”`],
  },
  'item.delete': says('Deleted an item', 'deleted', item),
  'purchasables.merge': {
    label: 'Updated purchasables',
    sentence: (d) => [`updated ${plural(count(d.purchasables), 'purchasable')}`],
  },
  'purchasable.delete': says('Deleted a purchasable', 'deleted', (d) =>
    record('purchasable', d, 'name', 'purchasableID'),
  ),
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

/** The first field that names a record in an unknown action's data: "productID" → "product dev-hoodie". */
function unknownRecord(data: LogData): string | undefined {
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string' || !/I[Dd]$/.test(key) || key.length <= 2) continue;
    return `${keyWords(key.slice(0, -2))} ${shortID(value)}`;
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
