import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as list from './list.js';

/** `pagewright templates`: the template gallery. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const templates = withExamples(program.command('templates').description('The template gallery'), 'pagewright templates list');
  list.register(templates, ctx);
  return templates;
}
