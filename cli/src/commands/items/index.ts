import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as create from './create.js';
import * as del from './delete.js';
import * as exp from './export.js';
import * as get from './get.js';
import * as imp from './import.js';
import * as list from './list.js';
import * as sort from './sort.js';
import * as update from './update.js';

/** `pagewright items`: the items of a CMS collection. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const items = withExamples(
    program.command('items').description("List, create, change, delete, sort, import and export the items of a site's CMS collection"),
    'pagewright items list --collection products --site shop.example.com',
    'pagewright items create -c products --set title="Linen shirt" --set price=49 --site shop.example.com',
    'pagewright items import products.csv -c products --upsert-by sku --site shop.example.com',
    'pagewright items export -c products --out products.csv --site shop.example.com',
    'pagewright items sort price desc -c products --site shop.example.com',
  );
  for (const verb of [list, get, create, update, del, sort, imp, exp]) verb.register(items, ctx);
  return items;
}
