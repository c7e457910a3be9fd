import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Database } from './sqlite-driver';
import { createSqliteKysely } from './sqlite-kysely';
import { withTurnsBetweenStatements } from './turns-between-statements';

describe('withTurnsBetweenStatements on SQLite', () => {
  /** What had run by a transaction's last statement: its two statements, and work queued on the event loop before them? */
  const orderIn = async (takesTurns: boolean) => {
    const db = createSqliteKysely(new Database(':memory:'));
    const order: string[] = [];
    try {
      return await db.transaction().execute(async (transaction) => {
        const trx = takesTurns ? withTurnsBetweenStatements(transaction) : transaction;
        setImmediate(() => order.push('queued work'));
        await sql`select 1`.execute(trx);
        order.push('first statement');
        await sql`select 2`.execute(trx);
        order.push('second statement');
        return [...order];
      });
    } finally {
      await db.destroy();
    }
  };

  it('lets work queued on the event loop run after each statement', async () => {
    expect(await orderIn(true)).toEqual(['queued work', 'first statement', 'second statement']);
  });

  it('leaves a transaction that does not ask holding the loop from start to end, as the synchronous driver does', async () => {
    expect(await orderIn(false)).toEqual(['first statement', 'second statement']);
  });
});
