import type { Schemas } from '@pagewright/sdk';

/**
 * The submissions as one table for a CSV file: the inbox columns, then every field any submission
 * sent, in the order first seen. A field sent more than once is joined with new lines.
 */
export function submissionsTable(items: Schemas['Submission'][]): { fields: string[]; data: string[][] } {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    for (const name of Object.keys(item.body)) {
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
    }
  }
  const fields = ['id', 'form', 'language', 'status', 'submitted', ...names];
  const data = items.map((item) => {
    const body = new Map(Object.entries(item.body));
    const cells = names.map((name) => {
      const value = body.get(name);
      return Array.isArray(value) ? value.join('\n') : (value ?? '');
    });
    return [String(item.id), item.formName, item.language, item.status, item.timestamp, ...cells];
  });
  return { fields, data };
}
