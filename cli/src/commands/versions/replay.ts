import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { historyOf, sayHistory } from './history.js';

export interface ReplayOptions {
  site: string;
  json?: JsonOption;
}

/** Undoes the newest edit or redoes the oldest undone one; `undo` and `redo` share this. */
export async function replay(direction: 'undo' | 'redo', opts: ReplayOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const path = direction === 'undo' ? '/sites/{siteId}/versions/undo' : '/sites/{siteId}/versions/redo';
  const result = await signedIn(deps).PATCH(path, { params: { path: { siteId } } });
  const answer = unwrap(result);
  const history = historyOf(result.response);
  if (opts.json) return printJson(deps, { ...answer, history }, opts.json);
  const count = answer.edits.length;
  say(deps, `${direction === 'undo' ? 'Undid' : 'Redid'} an edit of ${siteId} (${count} ${count === 1 ? 'value' : 'values'} written)`);
  sayHistory(deps, siteId, history);
}

/** Registers `undo` or `redo`: the same options, the other direction. */
export function registerReplay(direction: 'undo' | 'redo', parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command(direction)
    .description(direction === 'undo' ? 'Undo the newest edit of the site' : 'Redo the oldest undone edit of the site')
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (options, cmd) => replay(direction, options, ctx.deps(cmd)));
  return withExamples(
    command,
    `pagewright versions ${direction} --site shop.example.com`,
    `pagewright versions ${direction} --site shop.example.com --json`,
  );
}
