import path from 'node:path';
import { sql } from 'kysely';
import { Database } from '../../apps/server/src/platform/db/sqlite-driver';
import { createSqliteKysely } from '../../apps/server/src/platform/db/sqlite-kysely';

interface StockTable {
  id: number;
  quantity: number;
}

interface StockDatabase {
  bench_stock: StockTable;
}

/** The outcome of one purchase attempt: the quantity left, or undefined when sold out or unknown. */
type Decrement = number | undefined;

export interface StockDb {
  /** Existing ids, as strings because they travel in URLs. */
  readonly ids: readonly string[];
  decrementWithKysely(id: number): Promise<Decrement>;
  decrementRaw(id: number): Decrement;
  close(): Promise<void>;
}

const ROWS = 1_000;
/** Large enough that a bench never sells out, so every transaction does the same work. */
const INITIAL_QUANTITY = 1_000_000_000;

/** The pragmas openSqlite sets on the real stores, so both paths pay the same commit cost. */
function openFile(file: string): Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * A stock table in its own SQLite file, reached two ways: through Kysely set up as the stores are
 * (createSqliteKysely), and through raw better-sqlite3 on a second connection. Each decrement has the shape
 * docs/architecture.md §2 prescribes for stock: in one transaction, read the row, then a conditional update
 * that cannot oversell.
 */
export async function openStockDb(dir: string): Promise<StockDb> {
  const file = path.join(dir, 'bench-stock.sqlite');
  const kysely = createSqliteKysely<StockDatabase>(openFile(file));
  await kysely.schema
    .createTable('bench_stock')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .execute();
  await sql`
    with recursive n(id) as (select 1 union all select id + 1 from n where id < ${ROWS})
    insert into bench_stock (id, quantity) select id, ${INITIAL_QUANTITY} from n
  `.execute(kysely);

  const raw = openFile(file);
  const readRaw = raw.prepare<[number], { quantity: number }>('select quantity from bench_stock where id = ?');
  const updateRaw = raw.prepare<[number]>(
    'update bench_stock set quantity = quantity - 1 where id = ? and quantity > 0',
  );
  // better-sqlite3 wraps the function in BEGIN/COMMIT (ROLLBACK if it throws).
  const decrementRaw = raw.transaction((id: number): Decrement => {
    const row = readRaw.get(id);
    if (!row) return undefined;
    return updateRaw.run(id).changes > 0 ? row.quantity - 1 : undefined;
  });

  return {
    ids: Array.from({ length: ROWS }, (_, index) => String(index + 1)),
    decrementWithKysely: (id) =>
      kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('bench_stock').select('quantity').where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        const result = await trx
          .updateTable('bench_stock')
          .set((eb) => ({ quantity: eb('quantity', '-', 1) }))
          .where('id', '=', id)
          .where('quantity', '>', 0)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n ? row.quantity - 1 : undefined;
      }),
    decrementRaw: (id) => decrementRaw(id),
    async close() {
      await kysely.destroy();
      raw.close();
    },
  };
}
