import { type Kysely, sql } from 'kysely';
import type { IdentityDatabase } from '../../apps/server/src/database';
import type { Dialect } from '../../apps/server/src/platform/db/stores';

/** The search is measured over this many accounts. */
export const SEARCH_USERS = 100_000;
/** Rows per insert: SQLite binds at most 32,766 values, and accounts take seven columns. */
const BATCH = 2_000;
/** Time between two accounts' sign-ups: SEARCH_USERS of them span about 90 days. */
const SIGN_UP_EVERY_MS = 77_000;

const FIRST = [
  'james',
  'mary',
  'john',
  'patricia',
  'robert',
  'jennifer',
  'michael',
  'linda',
  'william',
  'elizabeth',
  'david',
  'barbara',
  'richard',
  'susan',
  'joseph',
  'jessica',
  'thomas',
  'sarah',
  'charles',
  'karen',
  'chris',
  'nancy',
  'daniel',
  'lisa',
  'matthew',
  'betty',
  'anthony',
  'margaret',
  'mark',
  'sandra',
  'donald',
  'ashley',
  'steven',
  'kimberly',
  'paul',
  'emily',
  'andrew',
  'donna',
  'joshua',
  'michelle',
  'kevin',
  'carol',
  'brian',
  'amanda',
  'george',
  'melissa',
  'edward',
  'deborah',
  'jonathan',
  'anna',
  'maria',
  'luis',
  'carlos',
  'sofia',
  'lucas',
  'emma',
  'noah',
  'olivia',
  'liam',
  'ava',
  'yuki',
  'hiro',
  'wei',
  'mei',
  'arjun',
  'priya',
  'omar',
  'fatima',
  'ivan',
  'olga',
  'pierre',
  'chloe',
  'mateo',
  'lea',
];
const LAST = [
  'smith',
  'johnson',
  'williams',
  'brown',
  'jones',
  'garcia',
  'miller',
  'davis',
  'rodriguez',
  'martinez',
  'hernandez',
  'lopez',
  'gonzalez',
  'wilson',
  'anderson',
  'thomas',
  'taylor',
  'moore',
  'jackson',
  'martin',
  'lee',
  'perez',
  'thompson',
  'white',
  'harris',
  'sanchez',
  'clark',
  'ramirez',
  'lewis',
  'robinson',
  'walker',
  'young',
  'allen',
  'king',
  'wright',
  'scott',
  'torres',
  'nguyen',
  'hill',
  'flores',
  'green',
  'adams',
  'nelson',
  'baker',
  'hall',
  'rivera',
  'campbell',
  'mitchell',
  'carter',
  'roberts',
  'tanaka',
  'sato',
  'wang',
  'chen',
  'patel',
  'sharma',
  'hassan',
  'ivanov',
  'dubois',
  'rossi',
  'muller',
  'silva',
];
const DOMAINS = ['example.com', 'mail.test', 'gamer.net', 'outpost.test'];
const capital = (word: string) => (word[0] ?? '').toUpperCase() + word.slice(1);

export interface BenchUser {
  id: string;
  displayName: string;
  email: string;
  first: string;
  last: string;
}

/**
 * Account `index` of the bench's crowd: names from common first and last names, in the shapes
 * players pick (JamesSmith4f, james_smith, smith.j), made unique by the index in base 36, and an
 * address of its own; so a name search meets hundreds of namesakes, as on a real site.
 */
export function benchUser(index: number): BenchUser {
  const first = FIRST[(index * 7) % FIRST.length] as string;
  const last = LAST[(index * 13 + Math.floor(index / FIRST.length)) % LAST.length] as string;
  const tag = index.toString(36);
  const shapes = [`${capital(first)}${capital(last)}`, `${first}_${last}`, `${last}.${first[0]}`, `${first}${last[0]}`];
  const base = (shapes[index % shapes.length] as string).slice(0, 20 - tag.length - 1);
  return {
    id: `search-user-${index}`,
    displayName: `${base}${index % 2 === 0 ? '' : '-'}${tag}`.slice(0, 20),
    email: `${first}.${last}${tag}@${DOMAINS[index % DOMAINS.length]}`,
    first,
    last,
  };
}

/**
 * Writes SEARCH_USERS accounts with their profiles straight into the identity store's tables
 * (the auth library's rows as it writes them on each dialect), in one transaction: sign-up hashes
 * a password per account, which would take the better part of an hour. The search index follows
 * through its triggers, as it does for any other write. On PostgreSQL the load ends with ANALYZE,
 * as any bulk load should: autovacuum would get to it within a minute or so, and until then the
 * planner, knowing no rows, reads the whole table instead of the indexes.
 */
export async function seedSearchUsers(identity: Kysely<IdentityDatabase>, dialect: Dialect): Promise<BenchUser[]> {
  const users = Array.from({ length: SEARCH_USERS }, (_, index) => benchUser(index));
  const now = Date.now();
  // A sign-up every SIGN_UP_EVERY_MS back from now (over about 90 days), as a site's history has:
  // the newest accounts and the sign-ups chart of the live stats read a real order.
  const joined = (index: number) => new Date(now - index * SIGN_UP_EVERY_MS);
  const stamp = (date: Date) => (dialect === 'postgres' ? date : date.toISOString());
  await identity.transaction().execute(async (trx) => {
    for (let start = 0; start < users.length; start += BATCH) {
      const batch = users.slice(start, start + BATCH);
      await trx
        .insertInto('auth_users')
        .values(
          batch.map((user, offset) => ({
            id: user.id,
            name: user.displayName,
            email: user.email,
            email_verified: dialect === 'postgres' ? false : 0,
            image: null,
            created_at: stamp(joined(start + offset)),
            updated_at: stamp(joined(start + offset)),
          })),
        )
        .execute();
      await trx
        .insertInto('profiles')
        .values(
          batch.map((user, offset) => ({
            user_id: user.id,
            display_name: user.displayName,
            display_name_key: user.displayName.toLowerCase(),
            created: joined(start + offset).toISOString(),
          })),
        )
        .execute();
    }
  });
  if (dialect === 'postgres') await sql`analyze auth_users, profiles, user_search`.execute(identity);
  return users;
}

export type QueryKind = 'exact name' | 'exact email' | 'name prefix' | 'last name' | 'inside a name' | 'typo';

/** Swaps two neighbouring letters in the middle: the typo trigram indexes find hardest. */
function swapped(word: string): string {
  const at = Math.floor(word.length / 2);
  return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
}

/** What moderators type, drawn from the crowd: `count` queries of each kind. */
export function searchQueries(users: readonly BenchUser[], count: number): { kind: QueryKind; query: string }[] {
  const pick = (n: number) => users[(n * 7919) % users.length] as BenchUser;
  const queries: { kind: QueryKind; query: string }[] = [];
  for (let n = 0; n < count; n += 1) {
    const user = pick(n);
    const other = pick(n + count);
    queries.push(
      { kind: 'exact name', query: user.displayName },
      { kind: 'exact email', query: user.email },
      { kind: 'name prefix', query: user.displayName.slice(0, 3 + (n % 4)) },
      { kind: 'last name', query: other.last },
      { kind: 'inside a name', query: user.displayName.toLowerCase().slice(2, 8) },
      { kind: 'typo', query: n % 2 === 0 ? swapped(`${user.first}${user.last}`) : `${other.last.slice(0, -1)}e` },
    );
  }
  return queries;
}
