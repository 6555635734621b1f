import type { Knex } from 'knex';

/**
 * Runs `run` (a request to the server in this process) and gives its result with the plan of the list
 * query of CMS items it made the database run (the last statement reading `cms_items` with a LIMIT), under EXPLAIN (ANALYZE, BUFFERS).
 */
export async function withListPlan<T>(db: Knex, run: () => Promise<T>): Promise<{ result: T; plan: string | null }> {
  let ran: { sql: string; bindings: Knex.Value[] } | undefined;
  const seen = (data: { sql: string; bindings: Knex.Value[] }) => {
    if (/cms_items[\s\S]*LIMIT/.test(data.sql)) ran = data;
  };
  db.on('query', seen);
  let result: T;
  try {
    result = await run();
  } finally {
    db.off('query', seen);
  }
  if (!ran) return { result, plan: null };
  const explained = await db.raw<{ rows: Record<string, string>[] }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${ran.sql.replace(/\$\d+/g, '?')}`,
    ran.bindings,
  );
  return { result, plan: explained.rows.map((r) => Object.values(r)[0]).join('\n') };
}
