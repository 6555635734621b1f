import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as add from './add.js';
import * as del from './delete.js';
import * as edit from './edit.js';
import * as list from './list.js';
import * as reorder from './reorder.js';

/** `pagewright fields`: the fields of a CMS collection. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const fields = withExamples(
    program.command('fields').description("List, add, change, reorder and delete the fields of a site's CMS collection"),
    'pagewright fields list --collection products --site shop.example.com',
    'pagewright fields add price --type number --title Price --collection products --site shop.example.com',
    'pagewright fields add category --type enum --options Shoes,Shirts --collection products --site shop.example.com',
    'pagewright fields edit price --title "Price (EUR)" --collection products --site shop.example.com',
    'pagewright fields reorder price --to 1 --collection products --site shop.example.com',
    'pagewright fields delete legacy_code --collection products --site shop.example.com --yes',
  );
  for (const verb of [list, add, edit, reorder, del]) verb.register(fields, ctx);
  return fields;
}
