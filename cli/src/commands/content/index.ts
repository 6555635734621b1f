import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as watch from './watch.js';

/** `pagewright content`: content kept in files. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const content = withExamples(
    program.command('content').description('Keep a CMS collection in step with a folder of JSON and Markdown files'),
    'pagewright content watch ./posts --collection posts --site blog.example.com',
  );
  watch.register(content, ctx);
  return content;
}
