import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as del from './delete.js';
import * as exp from './export.js';
import * as list from './list.js';
import * as setStatus from './setStatus.js';

/** `pagewright submissions`: what visitors sent through a site's forms. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const submissions = withExamples(
    program.command('submissions').description("List, export, set the status of and delete a site's form submissions"),
    'pagewright submissions list --site shop.example.com --status new',
    'pagewright submissions export --site shop.example.com --out submissions.csv',
    'pagewright submissions set-status 12 completed --site shop.example.com',
    'pagewright submissions delete 12 --site shop.example.com --yes',
  );
  for (const verb of [list, exp, setStatus, del]) verb.register(submissions, ctx);
  return submissions;
}
