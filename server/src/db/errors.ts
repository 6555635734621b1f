/** Translates the dialects' constraint errors to one shape so SQLite and PostgreSQL answer the same. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; message?: string };
  if (e?.code === '23505') return true; // PostgreSQL unique_violation
  return (
    (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === 'SQLITE_CONSTRAINT') &&
    /UNIQUE/i.test(e.message ?? '')
  );
}

/**
 * Two writers raced: SQLite's busy or stale-snapshot refusal (another process holds or just took the
 * write lock), PostgreSQL's serialization failure or deadlock. Retrying the transaction is safe.
 */
export function isWriteConflict(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (e?.code === '40001' || e?.code === '40P01') return true;
  return e?.code === 'SQLITE_BUSY' || e?.code === 'SQLITE_BUSY_SNAPSHOT' || /SQLITE_BUSY|database is locked/.test(e?.message ?? '');
}
