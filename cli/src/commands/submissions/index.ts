import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as exp from './export.js';
import * as list from './list.js';

/** `pagewright submissions`: what visitors sent through a site's forms. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const submissions = withExamples(
    program.command('submissions').description("List and export a site's form submissions"),
    'pagewright submissions list --site shop.example.com --status new',
    'pagewright submissions export --site shop.example.com --out submissions.csv',
  );
  for (const verb of [list, exp]) verb.register(submissions, ctx);
  return submissions;
}
