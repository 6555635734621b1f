import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as list from './list.js';
import * as rollback from './rollback.js';

/** `pagewright deploys`: what each publish put live, and rolling back to one of them. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const deploys = withExamples(
    program.command('deploys').description("A site's deploys: list them, roll back to one"),
    'pagewright deploys list --site shop.example.com',
    'pagewright deploys rollback 41 --site shop.example.com --yes',
  );
  for (const verb of [list, rollback]) verb.register(deploys, ctx);
  return deploys;
}
