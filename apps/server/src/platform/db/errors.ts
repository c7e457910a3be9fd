/**
 * True when a statement failed on a primary key or unique constraint, on either dialect: the
 * database's own answer to "that key exists", also when two writers race for it.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  // PostgreSQL's SQLSTATE unique_violation; better-sqlite3's extended result codes.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * True when a statement failed on a foreign key, on either dialect: the database's own answer to
 * "that row is still referenced" or "that referenced row does not exist", also when two writers race.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  // PostgreSQL's SQLSTATE foreign_key_violation; better-sqlite3's extended result code.
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
