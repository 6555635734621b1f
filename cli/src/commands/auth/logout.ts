import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import { say, type Deps } from '../../lib/deps.js';
import { apiFailure, CliError } from '../../lib/errors.js';

/** Ends the session on the server and forgets the stored token. */
export async function run(deps: Deps): Promise<void> {
  const { config } = deps;
  if (config.tokenSource === 'PAGEWRIGHT_TOKEN' || config.tokenSource === 'PAGEWRIGHT_API_KEY') {
    throw new CliError(`the token comes from ${config.tokenSource}`, 1, `Unset ${config.tokenSource} to stop using it.`);
  }
  // As gh does: nothing to end is a failure (1), not a request to sign in (4).
  if (!config.token) throw new CliError(`not logged in to ${config.url}`);
  let failure: CliError | null = null;
  try {
    const { error, response } = await deps.api.POST('/auth/logout');
    // 401: the session had already ended; forgetting it is all that is left to do.
    if (!response.ok && response.status !== 401) failure = apiFailure(error, response);
  } finally {
    // Forget the token even when the server cannot be reached: the user asked to be logged out here.
    config.save({ url: config.url });
  }
  if (failure) throw new CliError(`the login was forgotten here, but the server answered: ${failure.message}`);
  say(deps, `Logged out of ${config.url}`);
}

export function register(program: CommandUnknownOpts, ctx: Context) {
  const command = program
    .command('logout')
    .description('End the session on the server and forget the stored token')
    .action(async (_options, cmd) => run(ctx.deps(cmd)));
  return withExamples(command, 'pagewright logout');
}
