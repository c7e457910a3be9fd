import type Database from 'better-sqlite3';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../../apps/server/src/platform/db/schema';
import { findEmailSignup } from '../../apps/server/src/site/queries';
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

export interface DataPathDeps {
  /** The store the Kysely read goes through: the app's own handle, with its dialect and driver. */
  game: Kysely<GameDatabase>;
  /** A read-only raw connection to the same file, for the floor a read by key can reach. */
  rawRead: Database.Database;
  stock: StockDb;
}

type KeyRequest = { Params: { key: string } };

/** A missing row answers 404, which the load generator counts as a failure: the bench misread its keys. */
function found<T>(reply: FastifyReply, value: T | undefined): T | FastifyReply {
  return value === undefined ? reply.code(404).send({ error: 'not found' }) : value;
}

/** The page Lighthouse compares / with; served by the app itself, so both share one server. */
export function registerBlankPage(app: FastifyInstance): void {
  app.get(BENCH_PATHS.blank, async (_request, reply) => reply.type('text/html; charset=utf-8').send(BLANK_PAGE));
}

/** Reads and stock transactions, through Kysely and raw better-sqlite3, for a minimal server. */
export function registerDataPathRoutes(app: FastifyInstance, deps: DataPathDeps): void {
  const readRaw = deps.rawRead.prepare<[string], Record<string, unknown>>(
    'select * from email_signups where email = ?',
  );

  app.get<KeyRequest>(`${BENCH_PATHS.kyselyRead}:key`, async (request, reply) =>
    found(reply, await findEmailSignup(deps.game, request.params.key)),
  );
  app.get<KeyRequest>(`${BENCH_PATHS.rawRead}:key`, async (request, reply) =>
    found(reply, readRaw.get(request.params.key)),
  );
  app.post<KeyRequest>(`${BENCH_PATHS.kyselyStock}:key`, async (request, reply) =>
    found(reply, wrap(await deps.stock.decrementWithKysely(Number(request.params.key)))),
  );
  app.post<KeyRequest>(`${BENCH_PATHS.rawStock}:key`, async (request, reply) =>
    found(reply, wrap(deps.stock.decrementRaw(Number(request.params.key)))),
  );
}

function wrap(quantity: number | undefined): { quantity: number } | undefined {
  return quantity === undefined ? undefined : { quantity };
}
