import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as create from './create.js';
import * as list from './list.js';
import * as lock from './lock.js';
import * as unlock from './unlock.js';

/** `pagewright api-keys`: a site's keys for scripts and CI (PAGEWRIGHT_API_KEY). */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const apiKeys = withExamples(
    program.command('api-keys').description("Make, list and lock a site's API keys for scripts and CI"),
    'pagewright api-keys create --site shop.example.com --name CI',
    'pagewright api-keys list --site shop.example.com',
    'pagewright api-keys lock pw_Ab3dE6gH --site shop.example.com',
  );
  for (const verb of [create, list, lock, unlock]) verb.register(apiKeys, ctx);
  return apiKeys;
}
