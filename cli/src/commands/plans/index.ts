import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as list from './list.js';

/** `pagewright plans`: pricing plans. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const plans = withExamples(program.command('plans').description('Pricing plans'), 'pagewright plans list');
  list.register(plans, ctx);
  return plans;
}
