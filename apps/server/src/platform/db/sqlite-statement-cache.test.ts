import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StatementCachingDatabase } from './sqlite-statement-cache';

describe('StatementCachingDatabase', () => {
  it('hands back the same prepared statement for the same SQL text', () => {
    const db = new StatementCachingDatabase(new Database(':memory:'));
    const first = db.prepare('select 1 as one');
    expect(db.prepare('select 1 as one')).toBe(first);
    expect(db.prepare('select 2 as two')).not.toBe(first);
    expect(db.cachedStatementCount).toBe(2);
    db.close();
  });

  it('drops the least recently used statement past its capacity', () => {
    const db = new StatementCachingDatabase(new Database(':memory:'), 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 1'); // a is now the most recent
    db.prepare('select 3'); // evicts 'select 2'
    expect(db.cachedStatementCount).toBe(2);
    expect(db.prepare('select 1')).toBe(a);
    db.close();
  });
});
