/** Translates the dialects' constraint errors to one shape so SQLite and PostgreSQL answer the same. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; message?: string };
  if (e?.code === '23505') return true; // PostgreSQL unique_violation
  return e?.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? '');
}
