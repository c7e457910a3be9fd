import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { AppStores, IdentityDatabase } from '../../apps/server/src/database';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import type { Database } from '../../apps/server/src/platform/db/sqlite-driver';
import type { StockDb } from './stock-db';

/** Routes only the bench registers; the product app never has them. */
export const BENCH_PATHS = {
  kyselyRead: '/bench/read/kysely/',
  rawRead: '/bench/read/raw/',
  kyselyStock: '/bench/stock/kysely/',
  rawStock: '/bench/stock/raw/',
  blank: '/bench/blank',
} as const;

/**
 * The baseline page for Lighthouse: valid, tiny, served by the same server as /. It shows one
 * word, because a page that paints nothing cannot be scored (Lighthouse's NO_FCP).
 */
export const BLANK_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A blank page: the baseline for the Lighthouse bench." />
    <title>Blank</title>
  </head>
  <body>
    <p>Blank</p>
  </body>
</html>
`;

export interface SqliteReferenceDeps {
  /** The identity store the read goes through: the app's own handle, with its dialect and driver. */
  identity: Kysely<IdentityDatabase>;
  /** A read-only raw connection to the same file, for the floor a read by key can reach. */
  rawRead: Database;
  stock: StockDb;
}

export interface PgReferenceDeps {
  /** A plain pg Pool on the identity schema: what a read costs without Kysely and without the app. */
  pool: pg.Pool;
  /** The app's own stores, for the same read through Kysely. */
  stores: AppStores;
}

type KeyRequest = { Params: { key: string } };

/**
 * The answer check-email gives for an address on file. A missing row answers 404, which the load
 * generator counts as a failure: the bench misread its keys.
 */
function exists(reply: FastifyReply, found: boolean): { exists: true } | FastifyReply {
  return found ? { exists: true } : reply.code(404).send({ error: 'not found' });
}

/** The page Lighthouse compares / with; served by the app itself, so both share one server. */
export function registerBlankPage(app: FastifyInstance): void {
  app.get(BENCH_PATHS.blank, async (_request, reply) => reply.type('text/html; charset=utf-8').send(BLANK_PAGE));
}

/**
 * check-email's read (accounts by address) through the app's Kysely handle and through raw
 * better-sqlite3, and stock transactions both ways: the data path without the app around it.
 */
export function registerSqliteReferenceRoutes(app: FastifyInstance, deps: SqliteReferenceDeps): void {
  const readRaw = deps.rawRead.prepare<[string], { id: string }>('select id from auth_users where email = ?');

  app.get<KeyRequest>(`${BENCH_PATHS.kyselyRead}:key`, async (request, reply) =>
    exists(reply, (await findUserIdByEmail(deps.identity, request.params.key)) !== undefined),
  );
  app.get<KeyRequest>(`${BENCH_PATHS.rawRead}:key`, async (request, reply) =>
    exists(reply, readRaw.get(request.params.key) !== undefined),
  );
  app.post<KeyRequest>(`${BENCH_PATHS.kyselyStock}:key`, async (request, reply) =>
    found(reply, wrap(await deps.stock.decrementWithKysely(Number(request.params.key)))),
  );
  app.post<KeyRequest>(`${BENCH_PATHS.rawStock}:key`, async (request, reply) =>
    found(reply, wrap(deps.stock.decrementRaw(Number(request.params.key)))),
  );
}

/** check-email's read through a raw pg Pool (PostgreSQL's reference) and through the app's Kysely handle. */
export function registerPgReferenceRoutes(app: FastifyInstance, deps: PgReferenceDeps): void {
  app.get<KeyRequest>(`${BENCH_PATHS.rawRead}:key`, async (request, reply) => {
    const result = await deps.pool.query('select id from auth_users where email = $1', [request.params.key]);
    return exists(reply, result.rows.length > 0);
  });
  app.get<KeyRequest>(`${BENCH_PATHS.kyselyRead}:key`, async (request, reply) =>
    exists(reply, (await findUserIdByEmail(deps.stores.identity, request.params.key)) !== undefined),
  );
}

function found<T>(reply: FastifyReply, value: T | undefined): T | FastifyReply {
  return value === undefined ? reply.code(404).send({ error: 'not found' }) : value;
}

function wrap(quantity: number | undefined): { quantity: number } | undefined {
  return quantity === undefined ? undefined : { quantity };
}
