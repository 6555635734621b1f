/** One change, as a line on stdout (`--json`: one JSON object a line). */
export interface Change {
  action: 'created' | 'updated' | 'unchanged' | 'deleted' | 'kept' | 'rejected';
  file: string;
  key: string;
  itemId?: number;
  errors?: { field: string; message: string }[];
}

/** `action<TAB>key #id<TAB>file`, or `rejected<TAB>key<TAB>file<TAB>reasons`; with --json the change as JSON. */
export function changeLine(change: Change, json: boolean): string {
  if (json) return `${JSON.stringify(change)}\n`;
  const id = change.itemId !== undefined ? ` #${change.itemId}` : '';
  if (change.action === 'rejected') {
    const reasons = (change.errors ?? []).map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
    return `rejected\t${change.key}\t${change.file}\t${reasons}\n`;
  }
  return `${change.action}\t${change.key}${id}\t${change.file}\n`;
}
