/** Pure helpers of the settings forms (their store is in store/form.ts). */

/** Whether two setting values are the same; an unset value and an empty text are. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === null || v === '' ? '' : JSON.stringify(v));
  return norm(a) === norm(b);
}

/** The PATCH body for changed paths: 'compile.domain' → { compile: { domain } }. */
export function bodyFrom(changes: Map<string, unknown>): Record<string, unknown> {
  const body = new Map<string, unknown>();
  for (const [path, value] of changes) {
    const dot = path.indexOf('.');
    if (dot < 0) {
      body.set(path, value);
      continue;
    }
    const head = path.slice(0, dot);
    const group = body.get(head);
    const next = new Map<string, unknown>(group instanceof Map ? group : []);
    next.set(path.slice(dot + 1), value);
    body.set(head, next);
  }
  return Object.fromEntries([...body].map(([key, value]) => [key, value instanceof Map ? Object.fromEntries(value) : value]));
}
