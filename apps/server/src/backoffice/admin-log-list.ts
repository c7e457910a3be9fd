import type { AdminListPage } from '@outpost/contracts/admin-list';
import { peopleInData } from '@outpost/contracts/admin-log-words';
import type { AdminLogEntry, AdminLogQuery } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import type { Person } from '@outpost/contracts/people';
import { parseShortNumber } from '@outpost/contracts/short-numbers';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import type { NumberedRecords } from '../domain';
import { peopleOf } from '../identity/index';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import { OPERATOR } from './admin-log';

/*
 * The Admin Log screen's read (docs/decisions/0086-the-admin-log-as-a-history.md): one page of an environment's log,
 * filtered on the server, each entry answered with the people it names. The people live in the identity store, a
 * separate database, so they are read after the page, never joined.
 */

export interface AdminLogStores {
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
  /** The domains' records people call by a short number: a record filter "#1047" finds the order's entries. */
  numbered?: readonly NumberedRecords[];
}

/**
 * The admins of this log whose display name or email holds `text` (a leading "@" is the name's
 * mark, not part of it), or whose stored id it is (a link from a screen that knows only the id).
 * Only the log's own admins are looked at: they are few, while every player has a display name.
 */
async function adminsNamed(stores: AdminLogStores, text: string): Promise<string[]> {
  const needle = text.replace(/^@/, '').toLowerCase();
  const rows = await stores.game.selectFrom('admin_log').select('admin').distinct().execute();
  const admins = rows.map((row) => row.admin);
  const people = await peopleOf(
    stores.identity,
    admins.filter((admin) => admin !== OPERATOR),
  );
  const named = [...people.values()]
    .filter(
      (person) =>
        person.userID === text ||
        person.displayName?.toLowerCase().includes(needle) ||
        person.email?.toLowerCase().includes(needle),
    )
    .map((person) => person.userID);
  if (admins.includes(OPERATOR) && OPERATOR.includes(needle)) named.push(OPERATOR);
  return named;
}

/**
 * The text a record filter looks for in the stored JSON: the id as JSON writes it inside a
 * string (so a quote or backslash matches its escaped form), without the "…" a shortened id on
 * screen ends with, so an id copied from a sentence still finds its entries.
 */
function recordText(record: string): string {
  return JSON.stringify(record.replace(/…$/, '')).slice(1, -1);
}

/**
 * What a record filter finds: the id or code as typed, or, for a short number ("1047", "#1047"), also the ids of
 * the orders and reports with that number (entries name them by id), in the environment's store.
 */
async function recordTexts(stores: AdminLogStores, record: string): Promise<string[]> {
  const shortNumber = parseShortNumber(record);
  if (shortNumber === undefined) return [recordText(record)];
  const ids = await Promise.all((stores.numbered ?? []).map((numbered) => numbered(stores.game, shortNumber)));
  return [recordText(record), ...ids.flat().map(recordText)];
}

/** One page of the log, filtered and sorted on the server (the admin list protocol). */
export async function listAdminLog(
  stores: AdminLogStores,
  query: AdminLogQuery,
): Promise<AdminListPage<AdminLogEntry>> {
  let filtered = stores.game.selectFrom('admin_log');
  if (query.action) filtered = filtered.where('action', '=', query.action);
  if (query.admin) {
    const admins = await adminsNamed(stores, query.admin);
    if (admins.length === 0) return { rows: [], total: 0, page: query.page, pageSize: query.pageSize };
    filtered = filtered.where('admin', 'in', admins);
  }
  if (query.record) {
    const texts = await recordTexts(stores, query.record);
    filtered = filtered.where((eb) => eb.or(texts.map((text) => containsText(['data'], text))));
  }
  if (query.from) filtered = filtered.where('timestamp', '>=', new Date(query.from).toISOString());
  if (query.to) filtered = filtered.where('timestamp', '<=', new Date(query.to).toISOString());
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered
      .selectAll()
      .orderBy(query.sort, query.order)
      // Entries of one millisecond keep the order they were written in.
      .orderBy('id', query.order),
    query,
  );
  const entries = rows.map((row) => ({ row, data: JSON.parse(row.data) as Record<string, unknown> }));
  const people = await peopleOf(
    stores.identity,
    entries.flatMap(({ row, data }) => [...(row.admin === OPERATOR ? [] : [row.admin]), ...peopleInData(data)]),
  );
  const personOf = (userID: string): Person => people.get(userID) ?? { userID, displayName: null, email: null };
  return {
    ...page,
    rows: entries.map(({ row, data }) => ({
      id: Number(row.id),
      action: row.action,
      environment: row.environment as Environment,
      timestamp: row.timestamp,
      admin: row.admin,
      adminPerson: row.admin === OPERATOR ? null : personOf(row.admin),
      data,
      people: Object.fromEntries(peopleInData(data).map((userID) => [userID, personOf(userID)])),
    })),
  };
}
