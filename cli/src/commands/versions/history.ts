import { parseHistory, type History } from '@pagewright/sdk';
import { say, type Deps } from '../../lib/deps.js';

/** The counts of an answer's X-History header (undo|redo|unsaved); null when it carries none. */
export function historyOf(response: Response): History | null {
  return parseHistory(response.headers.get('X-History'));
}

/** `2 to undo, 0 to redo, 3 unsaved`: what the editor's history buttons would show. */
function describeHistory(history: History): string {
  return `${history.undo} to undo, ${history.redo} to redo, ${history.unsaved} unsaved`;
}

/** Tells the user where the history stands after a command, on stderr. */
export function sayHistory(deps: Deps, siteId: string, history: History | null): void {
  if (history) say(deps, `History of ${siteId}: ${describeHistory(history)}`);
}
