import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as create from './create.js';
import * as del from './delete.js';
import * as list from './list.js';
import * as rename from './rename.js';

/** `pagewright collections`: the CMS collections of a site. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const collections = withExamples(
    program.command('collections').description("List, create, rename and delete a site's CMS collections"),
    'pagewright collections list --site shop.example.com',
    'pagewright collections create products --name Products --icon Cart --site shop.example.com',
    'pagewright collections rename products --name "Shop products" --site shop.example.com',
    'pagewright collections delete products --site shop.example.com --yes',
  );
  for (const verb of [list, create, rename, del]) verb.register(collections, ctx);
  return collections;
}
