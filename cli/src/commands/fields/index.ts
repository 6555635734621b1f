import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as add from './add.js';
import * as list from './list.js';

/** `pagewright fields`: the fields of a CMS collection. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const fields = withExamples(
    program.command('fields').description("List and add the fields of a site's CMS collection"),
    'pagewright fields list --collection products --site shop.example.com',
    'pagewright fields add price --type number --title Price --collection products --site shop.example.com',
    'pagewright fields add category --type enum --options Shoes,Shirts --collection products --site shop.example.com',
  );
  for (const verb of [list, add]) verb.register(fields, ctx);
  return fields;
}
