import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as add from './add.js';
import * as edit from './edit.js';
import * as imp from './import.js';
import * as list from './list.js';
import * as remove from './remove.js';

/** `pagewright redirects`: the redirects of a site (spec 002 §5). */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const redirects = withExamples(
    program.command('redirects').description("List, add, change, remove and import a site's redirects"),
    'pagewright redirects list --site shop.example.com',
    'pagewright redirects add /old-menu /menu --site shop.example.com',
    'pagewright redirects import redirects.csv --site shop.example.com',
  );
  for (const verb of [list, add, edit, remove, imp]) verb.register(redirects, ctx);
  return redirects;
}
