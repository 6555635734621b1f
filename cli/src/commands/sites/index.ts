import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as create from './create.js';
import * as remove from './delete.js';
import * as list from './list.js';
import * as restore from './restore.js';
import * as validate from './validate.js';

/** `pagewright sites`: list, create, delete and restore sites, check domains. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const sites = withExamples(
    program.command('sites').description('List, create, delete and restore sites, check domains'),
    'pagewright sites list',
    'pagewright sites create --name Shop --domain shop.example.com --template launch',
    'pagewright sites validate shop.example.com',
    'pagewright sites delete shop.example.com',
    'pagewright sites restore shop.example.com',
  );
  for (const verb of [list, create, remove, restore, validate]) verb.register(sites, ctx);
  return sites;
}
