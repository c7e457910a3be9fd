import { personIn } from '@outpost/contracts/people';
import type {
  DistributeRewardRecord,
  DistributeRewardResult,
  EveryoneReward,
  EveryoneRewardRecord,
  NamedRewardItem,
} from '@outpost/contracts/rewards';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { peopleOf } from '../identity/index';
import { itemNamesOf } from '../items/index';

/*
 * Rewards as the screens show them: their items by name, the admin who sent them and the players they reached
 * as people. Names come from items-master and the identity store after the game rows are read: the stores are
 * separate databases.
 */

interface NameStores {
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
}

function withNames(items: DistributeRewardRecord['items'], names: ReadonlyMap<string, string>): NamedRewardItem[] {
  return items.map((item) => ({ ...item, name: names.get(item.itemID) ?? item.itemID }));
}

/** A distribution to listed players, an audience or a segment, named; an audience's or segment's players are counted, not named. */
export async function namedDistribution(
  stores: NameStores,
  record: DistributeRewardRecord,
): Promise<DistributeRewardResult> {
  const recipientIDs = record.audience || record.segment ? [] : [...record.given, ...record.alreadyGiven];
  const [names, people] = await Promise.all([
    itemNamesOf(
      stores.game,
      record.items.map((item) => item.itemID),
    ),
    peopleOf(stores.identity, [record.distributedBy, ...recipientIDs]),
  ]);
  return {
    ...record,
    items: withNames(record.items, names),
    distributor: personIn(people, record.distributedBy),
    recipients: recipientIDs.map((userID) => personIn(people, userID)),
  };
}

/** What naming a reward to everyone reads: its items and its sender. */
type Nameable = Pick<EveryoneRewardRecord, 'items' | 'distributedBy'>;

type NamedEveryone<T extends Nameable> = Omit<T, 'items'> & Pick<EveryoneReward, 'items' | 'distributor'>;

/** Reads the names of these rewards to everyone at once, and answers how to name each. */
async function everyoneNamer(
  stores: NameStores,
  records: readonly Nameable[],
): Promise<<T extends Nameable>(record: T) => NamedEveryone<T>> {
  const [names, people] = await Promise.all([
    itemNamesOf(
      stores.game,
      records.flatMap((record) => record.items.map((item) => item.itemID)),
    ),
    peopleOf(
      stores.identity,
      records.map((record) => record.distributedBy),
    ),
  ]);
  return (record) => ({
    ...record,
    items: withNames(record.items, names),
    distributor: personIn(people, record.distributedBy),
  });
}

/** Rewards to everyone (the list), named, in the order given. */
export async function namedEveryoneRewards<T extends Nameable>(
  stores: NameStores,
  records: readonly T[],
): Promise<NamedEveryone<T>[]> {
  const name = await everyoneNamer(stores, records);
  return records.map((record) => name(record));
}

/** One reward to everyone (the callable's answer, a scheduling's), named. */
export async function namedEveryoneReward<T extends Nameable>(
  stores: NameStores,
  record: T,
): Promise<NamedEveryone<T>> {
  return (await everyoneNamer(stores, [record]))(record);
}
