import type { SiteDoc } from '../model/document.js';

/**
 * Script components are custom code (docs/decisions/0033-script-components.md): writing
 * one needs the plan's `customCode`, like the site's and pages' code injection. What a script runs
 * is its `value` and `src`; this counts each distinct one, so an edit that moves or renames a script
 * adds nothing, and one that adds a script or changes what it runs does.
 */
export function scriptPayloads(doc: SiteDoc): Map<string, number> {
  const counts = new Map<string, number>();
  for (const node of Object.values(doc.nodes)) {
    if (node.type !== 'script') continue;
    const value = typeof node.data.value === 'string' ? node.data.value.trim() : '';
    const src = typeof node.data.src === 'string' ? node.data.src.trim() : '';
    if (!value && !src) continue;
    const key = `${src}\u0000${value}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Whether `after` runs any script `before` did not (or more copies of one). */
export function addsScript(before: Map<string, number>, after: Map<string, number>): boolean {
  for (const [key, n] of after) if (n > (before.get(key) ?? 0)) return true;
  return false;
}
