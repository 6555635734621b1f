import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as commit from './commit.js';
import * as download from './download.js';
import * as list from './list.js';
import * as redo from './redo.js';
import * as reset from './reset.js';
import * as restore from './restore.js';
import * as undo from './undo.js';

/** `pagewright versions`: saved versions and the edit history of a site. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const versions = withExamples(
    program.command('versions').description('Save versions of a site, undo and redo its edits, restore any version, reset it'),
    'pagewright versions list --site shop.example.com',
    'pagewright versions commit --site shop.example.com -m "New pricing section"',
    'pagewright versions undo --site shop.example.com',
    'pagewright versions restore 3 --site shop.example.com',
    'pagewright versions reset --site shop.example.com --yes',
    'pagewright versions download 3 --site shop.example.com',
  );
  for (const verb of [list, commit, undo, redo, restore, reset, download]) verb.register(versions, ctx);
  return versions;
}
